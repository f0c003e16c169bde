import { useEffect, useLayoutEffect, useMemo, useRef, useState, type JSX } from "react";
import { WIZARD_CLOSE } from "../../contracts/rules/link-school-screen";
import type { WidgetProps } from "../runtime/definition";
import { navigateTo } from "../lib/navigate";
import { CreateAccountScreen } from "./CreateAccountScreen";
import { ContactYourAdminScreen, SeatsFullScreen } from "./AskAdminScreens";
import { AskToJoinForm } from "./AskToJoinForm";
import { requestCalls } from "./request-calls";
import { SendDetailsForm } from "./SendDetailsForm";
import { CheckInboxScreen, ConfirmSchoolScreen, OfferAdminScreen } from "./FlowScreens";
import { LookupAccountScreen } from "./LookupAccountScreen";
import { isMessageStep, MessageScreen } from "./MessageScreens";
import type { RegisterWizardProps } from "./parse";
import { paymentCalls } from "./payment-calls";
import { keepProgress } from "./registration-calls";
import { addToBasket } from "./payment-flow";
import type { PlanOption } from "../../contracts/shapes/plans";
import { basketItem } from "./plan-choice";
import type { RegistrationEvent } from "./registration-machine";
import { SchoolTypeAndSearchScreen } from "./SchoolTypeAndSearchScreen";
import { schoolCalls } from "./school-calls";
import { afterSchoolChoice, becomeAdmin, type AdminOffer, type FlowOutcome, type SchoolFlowIds } from "./school-flow";
import type { RegistrationStep } from "./steps";
import { planKey } from "./PlanCards";
import { ConfirmIndividualScreen, ConfirmOtherScreen, NoActiveSubscriptionScreen } from "./SubscriptionScreens";
import { usePaymentReturn } from "./use-payment-return";
import { useRegistration } from "./use-registration";
import { progressText, wizardProgress } from "./progress";
import { useStepHistory } from "./use-step-history";
import { firstEvents, startingPoint } from "./starting-point";
import { viewKey, type InboxView, type WizardEntry } from "./wizard-history";
import { forgetWizard, rememberSignedOutStart, saveWizard, type AskAdmin } from "./wizard-storage";

/**
 * The registration wizard (accounts spec, sections 2 and 4): the machine
 * decides the screen; this renders it, runs the school flow's calls, and
 * keeps each step's data in session storage so a reload carries on.
 */
export default function RegisterWizard(props: WidgetProps<RegisterWizardProps>): JSX.Element {
  const { constituentId, next, email, returnUrl, strings, supportEmail, plans } = props;
  const [saved] = useState(() => startingPoint(props));
  // The wizard began signed out: the email and account screens count as steps.
  const [startedSignedOut] = useState(() => rememberSignedOutStart(props.constituentId === null));
  const { snapshot, send } = useRegistration({ constituentId, email }, firstEvents(props, saved));
  const step = snapshot.value as RegistrationStep;
  const { pathway, selectedSchool: school } = snapshot.context;

  const [notice, setNotice] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(saved?.message ?? null);
  const [error, setError] = useState<string | null>(null);
  // Back from the emailed link at the admin offer or contactYourAdmin (data-resume): the flow runs again, now with a proven address,
  // to make the offer or name the admin (neither travels in the link). Busy from the start, so nothing is clicked before it answers.
  const resumedWithout = useRef((step === "offerAdminStatus" && !saved?.offer) || (step === "contactYourAdmin" && !saved?.ask));
  const [busy, setBusy] = useState(resumedWithout.current);
  const [inboxFor, setInboxFor] = useState<InboxView | null>(saved?.inbox ?? null);
  const [offer, setOffer] = useState<AdminOffer | null>(saved?.offer ?? null);
  const [ask, setAsk] = useState<AskAdmin | null>(saved?.ask ?? null);
  // The plan card chosen on the plans screen, carried to the confirm screen (and back).
  const [chosenPlan, setChosenPlan] = useState<string | null>(null);
  const progress = wizardProgress({ screen: inboxFor ? "inbox" : step, pathway, startedSignedOut, renewal: props.renewal?.kind ?? null });
  const progressWords = progress ? progressText(progress, { known: strings.progressKnown, unknown: strings.progressUnknown }) : "";
  const screenRef = useFocusOnChange(viewKey(step, inboxFor), progressWords);
  const ids: SchoolFlowIds = props;
  // Requests to people at the endings the wizard cannot finish (docs/requests.md).
  const requests = useMemo(() => requestCalls(strings.requestFailed), [strings]);
  const entered = { pathway: pathway ?? null, school };

  useEffect(() => {
    if (step === "done") return forgetWizard();
    // Processing belongs to one return from the payment page: a later visit carries on from the plan chosen before it.
    if (step === "paymentProcessing") return;
    saveWizard({ step, pathway, school, constituentId: snapshot.context.constituentId, email: snapshot.context.email, message, offer, ask });
  }, [step, pathway, school, snapshot.context.constituentId, snapshot.context.email, message, offer, ask]);

  // Signed in, the server keeps the step too: a new tab at the step's address carries on from it.
  const signedInId = snapshot.context.constituentId;
  useEffect(() => {
    if (signedInId === null || !pathway || step === "paymentProcessing" || step === "lookupAccount" || step === "createAccount") return;
    keepProgress({ pathway, school, step });
    // Once per step (and pathway): not on every keystroke of a typed address; the school goes with the step that follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedInId, step, pathway]);

  /** Another screen: its message comes with it; the old one's go. */
  const go = (event: RegistrationEvent, nextMessage: string | null = null, nextError: string | null = null) => {
    setMessage(nextMessage);
    setError(nextError);
    setInboxFor(null);
    send(event);
  };

  const follow = (outcome: FlowOutcome) => {
    setBusy(false);
    if (outcome.kind === "error") return setError(outcome.message);
    if (outcome.kind === "check-inbox") {
      setMessage(null);
      return setInboxFor({ sentTo: outcome.sentTo, resumeStep: outcome.resumeStep });
    }
    setOffer(outcome.offer ?? null);
    setAsk(outcome.admins ? { admins: outcome.admins, seatsFull: outcome.seatsFull === true } : null);
    go({ type: "NEXT_STEP", step: outcome.step }, outcome.message ?? null, outcome.error ?? null);
  };

  const runFlow = async (from: RegistrationStep, alreadyBusy = false) => {
    if (busy && !alreadyBusy) return;
    if (!pathway || !school) return setBusy(false);
    setBusy(true);
    setError(null);
    follow(await afterSchoolChoice({ pathway, school, step: from, now: new Date() }, schoolCalls, ids, strings));
  };

  const resendEmail = async () => {
    if (!pathway || !school || !inboxFor) return;
    setError(null);
    try {
      const sent = await schoolCalls.sendVerification({ school, pathway, step: inboxFor.resumeStep, resend: true });
      setMessage(strings.emailResent.replace("{email}", sent.sentTo));
    } catch {
      setError(strings.resendFailed);
    }
  };

  useEffect(() => {
    if (!resumedWithout.current) return;
    resumedWithout.current = false;
    void runFlow(step, true);
    // Once, on the first render only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const continueFromSearch = () => {
    // The state-school pathway confirms the school first; the offline pathways with a school on record check its membership and admin.
    if (pathway === "state-school" || pathway === "consortium" || !school) return go({ type: "NEXT_STEP" });
    void runFlow("schoolTypeAndSearch");
  };

  const accept = async () => {
    if (busy || !offer) return;
    setBusy(true);
    setError(null);
    follow(await becomeAdmin(offer, new Date(), schoolCalls, ids, strings));
  };

  const back = () => go({ type: "BACK" });

  /** Asking to join needs a proven address: the link's resume point is this screen, where the form waits. */
  const confirmBeforeAsking = async () => {
    if (!pathway || !school) return;
    setError(null);
    try {
      const sent = await schoolCalls.sendVerification({ school, pathway, step: "invalidEmail" });
      setMessage(strings.askToJoinConfirmFirst.replace("{email}", sent.sentTo));
      setInboxFor({ sentTo: sent.sentTo, resumeStep: "invalidEmail" });
    } catch {
      setError(strings.verificationFailed);
    }
  };

  /** Browser Back or Forward: that entry's screen, with what it showed. */
  const restore = (entry: WizardEntry) => {
    setMessage(entry.message);
    setError(null);
    setOffer(entry.offer);
    setAsk(entry.ask ?? null);
    setInboxFor(entry.inbox);
    send({ type: "RESUME", pathway: entry.pathway, school: entry.school, step: entry.step, ...(entry.email ? { email: entry.email } : {}) });
  };
  const historyEntry =
    // Processing belongs to one return from the payment page: it is no place to come back to.
    step === "paymentProcessing"
      ? null
      : { step, pathway, school, constituentId: snapshot.context.constituentId, email: snapshot.context.email, message, offer, ask, inbox: inboxFor };
  useStepHistory({ entry: historyEntry, constituentId: snapshot.context.constituentId, restore });

  const paymentNotice = usePaymentReturn({ props, step, send, go });

  /** Confirming a plan: the basket item, then the provider's page; without a signed-in user, somethingWentWrongWithPayment. */
  const pay = async (plan: PlanOption, users: number, renews: boolean) => {
    if (busy) return;
    // The page's id, or the one sign-up on this page gave the machine.
    const payerId = snapshot.context.constituentId;
    if (payerId === null) return go({ type: "PAYMENT_PROCESS" });
    if (props.fundId === null || props.individualLevelId === null) return setError(strings.basketFailed);
    const built = basketItem({
      plan,
      users,
      constituentId: payerId,
      schoolId: step === "confirmSubscriptionOther" ? (school?.constituentId ?? null) : null,
      fundId: props.fundId,
      individualLevelId: props.individualLevelId,
      individualMonthlyLevelId: props.individualMonthlyLevelId,
      seatLevels: props.seatLevels,
      renews,
    });
    if (built.kind !== "item") return setError(built.kind === "too-many" ? strings.usersTooMany : strings.basketFailed);
    setBusy(true);
    setError(null);
    const outcome = await addToBasket(built.item, paymentCalls, strings);
    // On the way to the payment page the button stays busy, so a second click cannot make a second basket.
    if (outcome.kind === "redirect") return navigateTo(outcome.href);
    setBusy(false);
    setError(outcome.message);
  };

  return (
    <>
      <p className="register-wizard__close">
        <a href={WIZARD_CLOSE.href}>{strings.close}</a>
      </p>
      {paymentNotice && (
        <p className="alert alert--info" role="status">
          {paymentNotice}
        </p>
      )}
      <p className="register-wizard__progress" aria-live="polite" aria-atomic="true">
        {progressWords}
      </p>
      <div ref={screenRef}>
        {step === "lookupAccount" ? (
          <LookupAccountScreen
            initialEmail={snapshot.context.email}
            next={next}
            strings={strings}
            onNoAccount={(foundEmail) => {
              setNotice(strings.noAccountFound);
              send({ type: "EMAIL_CHOSEN", email: foundEmail });
              send({ type: "NEXT_STEP" });
            }}
          />
        ) : step === "createAccount" ? (
          <CreateAccountScreen
            email={snapshot.context.email}
            notice={notice}
            next={next}
            strings={strings}
            onBack={back}
            onCreated={(newId) => {
              if (returnUrl) return navigateTo(returnUrl);
              if (newId !== null) send({ type: "SIGNED_IN", constituentId: newId });
              go({ type: "NEXT_STEP", step: "schoolTypeAndSearch" });
            }}
          />
        ) : inboxFor !== null ? (
          <CheckInboxScreen
            sentTo={inboxFor.sentTo}
            strings={strings}
            onBack={() => setInboxFor(null)}
            onResend={() => void resendEmail()}
            onAddressChanged={(sentTo) => {
              setError(null);
              setMessage(strings.addressChanged.replace("{email}", sentTo).replace("{old}", inboxFor.sentTo));
              setInboxFor({ ...inboxFor, sentTo });
            }}
            resent={message}
            error={error}
          />
        ) : step === "schoolTypeAndSearch" ? (
          <div>
            {error && (
              <p className="alert alert--error" role="alert">
                {error}
              </p>
            )}
            <SchoolTypeAndSearchScreen
              pathway={pathway}
              onPathwayChange={(key) => send(key ? { type: "PATHWAY_CHOSEN", pathway: key } : { type: "PATHWAY_CLEARED" })}
              school={school}
              onSchoolChange={(chosen) => send({ type: "SCHOOL_CHOSEN", school: chosen })}
              onContinue={continueFromSearch}
              strings={strings}
              supportEmail={supportEmail}
            />
          </div>
        ) : step === "confirmSchool" ? (
          <ConfirmSchoolScreen school={school} busy={busy} error={error} strings={strings} onConfirm={() => void runFlow("confirmSchool")} onBack={back} />
        ) : step === "offerAdminStatus" ? (
          <OfferAdminScreen school={school} busy={busy} error={error} strings={strings} onAccept={() => void accept()} onDecline={() => go({ type: "NEXT_STEP", step: "done" })} />
        ) : step === "contactYourAdmin" ? (
          <ContactYourAdminScreen
            schoolName={school?.name ?? ""}
            admins={ask?.admins ?? null}
            hasAdmin
            supportEmail={supportEmail}
            next={next}
            strings={strings}
            onBack={back}
            request={<SendDetailsForm ending="contactYourAdmin" entered={entered} calls={requests} strings={strings} />}
          />
        ) : step === "noActiveSubscriptionOther" && ask?.seatsFull && !ask.admins.youAreAdmin ? (
          <SeatsFullScreen
            schoolName={school?.name ?? ""}
            admins={ask.admins}
            hasAdmin={school?.hasAdmin === true}
            message={message}
            supportEmail={supportEmail}
            next={next}
            strings={strings}
            onBack={back}
            request={<SendDetailsForm ending="seatsFull" entered={entered} calls={requests} strings={strings} />}
          />
        ) : step === "noActiveSubscriptionIndividual" || step === "noActiveSubscriptionOther" ? (
          <NoActiveSubscriptionScreen
            step={step}
            title={step === "noActiveSubscriptionOther" && ask?.seatsFull ? strings.seatsFullTitle.replace("{school}", school?.name ?? "") : undefined}
            endedOn={renewalEndedOn(props, step)}
            endsOn={renewalEndsOn(props, step)}
            plans={plans}
            chosenPlan={chosenPlan}
            onPlanChange={(plan) => setChosenPlan(planKey(plan))}
            message={message}
            supportEmail={supportEmail}
            strings={strings}
            // The membership message comes along, so Back from the plan choice shows it again.
            onChoose={() => go({ type: "NEXT_STEP", step: step === "noActiveSubscriptionIndividual" ? "confirmSubscriptionIndividual" : "confirmSubscriptionOther" }, message)}
            onBack={back}
          />
        ) : step === "confirmSubscriptionIndividual" ? (
          <ConfirmIndividualScreen
            plans={plans}
            chosenPlan={chosenPlan}
            busy={busy}
            error={error}
            strings={strings}
            onConfirm={(plan, renews) => void pay(plan, 1, renews)}
            onBack={() => go({ type: "NEXT_STEP", step: "noActiveSubscriptionIndividual" }, message)}
          />
        ) : step === "confirmSubscriptionOther" ? (
          <ConfirmOtherScreen
            plans={plans}
            chosenPlan={chosenPlan}
            schoolName={school?.name ?? ""}
            supportEmail={supportEmail}
            busy={busy}
            error={error}
            strings={strings}
            onConfirm={(plan, users, renews) => void pay(plan, users, renews)}
            onBack={() => go({ type: "NEXT_STEP", step: "noActiveSubscriptionOther" }, message)}
            moreUsersRequest={(users) => <SendDetailsForm ending="moreUsers" entered={{ ...entered, users }} calls={requests} strings={strings} />}
            invoicePath={school?.constituentId ? `/account/school/${school.constituentId}/invoice/` : undefined}
          />
        ) : isMessageStep(step) ? (
          <MessageScreen
            step={step}
            school={pathway === "individual" ? null : school}
            supportEmail={supportEmail}
            next={next}
            message={message}
            error={error}
            strings={strings}
            // After a failed payment the way back is the start (the school step once signed in), not a step before sign-up.
            onBack={step === "somethingWentWrongWithPayment" ? () => go({ type: "START" }) : back}
          >
            {step === "invalidEmail" && school?.constituentId != null && (
              <AskToJoinForm schoolId={school.constituentId} schoolName={school.name} calls={requests} strings={strings} onNeedsVerification={confirmBeforeAsking} />
            )}
            {step === "contactSupport" && <SendDetailsForm ending="contactSupport" entered={entered} calls={requests} strings={strings} />}
          </MessageScreen>
        ) : null}
      </div>
    </>
  );
}

/** A current membership's expiry date, on the plan screen its early renewal (a reminder's link) starts at. */
function renewalEndsOn({ renewal }: RegisterWizardProps, step: RegistrationStep): string | null {
  if (!renewal?.endsOn) return null;
  return step === (renewal.kind === "individual" ? "noActiveSubscriptionIndividual" : "noActiveSubscriptionOther") ? renewal.endsOn : null;
}

/** A lapsed member's expiry date, on the plan screen their renewal starts at. */
function renewalEndedOn({ renewal }: RegisterWizardProps, step: RegistrationStep): string | null {
  if (!renewal) return null;
  return step === (renewal.kind === "individual" ? "noActiveSubscriptionIndividual" : "noActiveSubscriptionOther") ? renewal.endedOn : null;
}

/**
 * Moves focus to the new screen's heading when the view changes (not on
 * first render), so keyboard and screen-reader users follow; the document
 * title names the screen and the step, so the tab and history list say where.
 */
function useFocusOnChange(view: string, progressWords: string) {
  const container = useRef<HTMLDivElement>(null);
  const previous = useRef(view);
  const pageTitle = useRef<string | null>(null);
  // A layout effect: focus moves in the same task as the DOM change, before paint, never a frame after the screen shows.
  useLayoutEffect(() => {
    if (previous.current === view) return;
    previous.current = view;
    container.current?.querySelector<HTMLElement>("h2")?.focus();
  }, [view]);
  useEffect(() => {
    pageTitle.current ??= document.title;
    const heading = container.current?.querySelector("h2")?.textContent?.trim();
    if (!heading) return;
    const title = `${heading}${progressWords ? ` (${progressWords.toLowerCase()})` : ""} – ${pageTitle.current}`;
    if (document.title !== title) document.title = title;
  });
  // The page's own title comes back when the wizard goes.
  useEffect(
    () => () => {
      if (pageTitle.current !== null) document.title = pageTitle.current;
    },
    [],
  );
  return container;
}
