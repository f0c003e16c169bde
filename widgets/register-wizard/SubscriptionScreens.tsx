import { useState, type JSX, type ReactNode } from "react";
import type { PlanOption } from "../../contracts/shapes/plans";
import { individualPlans, readUsers, schoolPlanFor, schoolPlans } from "./plan-choice";
import { useElementId } from "../lib/useElementId";
import { firstUserCount, PlanCards, planKey } from "./PlanCards";
import { RenewalChoice } from "./RenewalChoice";
import { ConfirmOrBack, Screen, SupportLink, fill } from "./ScreenParts";
import type { RegisterWizardStrings } from "./strings";
import { TextField } from "./TextField";

/** Which plans a screen is about: the individual's own, or a school's. */
export type PlanAudience = "individual" | "school";

/** One more than the largest school option: from here the provider arranges it. */
const contactFrom = (plans: readonly PlanOption[]) => (schoolPlans(plans).at(-1)?.users ?? 0) + 1;

/** The plans this audience can choose from, smallest first. */
const plansFor = (audience: PlanAudience, plans: readonly PlanOption[]) => (audience === "individual" ? individualPlans(plans) : schoolPlans(plans));

/** The chosen plan's key, or the first plan's when none (or one not on offer) is chosen. */
const chosenOf = (shown: readonly PlanOption[], chosen: string | null | undefined) =>
  shown.some((plan) => planKey(plan) === chosen) ? chosen! : shown[0] ? planKey(shown[0]) : "";

interface NoActiveProps {
  step: "noActiveSubscriptionIndividual" | "noActiveSubscriptionOther";
  plans: readonly PlanOption[];
  message: string | null;
  supportEmail: string;
  strings: RegisterWizardStrings;
  onChoose: () => void;
  onBack: () => void;
  /** A truer heading than "no active membership" (the school's seats are all in use, shown to its admin). */
  title?: string;
  /** A lapsed member's expiry, as a London date ("3 October 2026"). */
  endedOn?: string | null;
  /** A current membership renewed early (a reminder's link): when it ends, as a London date. */
  endsOn?: string | null;
  /** The plan chosen so far (planKey), kept by the wizard across the plan screens. */
  chosenPlan?: string | null;
  onPlanChange?: (plan: PlanOption) => void;
}

/** No active membership: the reason, the plans, and on to choosing one. */
export function NoActiveSubscriptionScreen({ step, plans, message, supportEmail, strings, onChoose, onBack, title, endedOn, endsOn, chosenPlan, onPlanChange }: NoActiveProps): JSX.Element {
  const audience: PlanAudience = step === "noActiveSubscriptionIndividual" ? "individual" : "school";
  const shown = plansFor(audience, plans);
  const available = shown.length > 0;
  const heading = title ?? (endedOn || endsOn ? strings.renewTitle : audience === "individual" ? strings.noSubscriptionIndividualTitle : strings.noSubscriptionOtherTitle);
  const support = <SupportLink email={supportEmail} />;
  return (
    <Screen step={step} title={heading} message={message}>
      {endedOn && <p>{fill(audience === "individual" ? strings.membershipEnded : strings.schoolMembershipEnded, { date: <strong>{endedOn}</strong> })}</p>}
      {endsOn && <p>{fill(audience === "individual" ? strings.membershipEnds : strings.schoolMembershipEnds, { date: <strong>{endsOn}</strong> })}</p>}
      {available ? (
        <>
          <PlanCards legend={strings.plansHeading} plans={shown} chosen={chosenOf(shown, chosenPlan)} onChoose={(plan) => onPlanChange?.(plan)} strings={strings} />
          {audience === "school" && <p>{fill(strings.contactForMoreUsers, { count: String(contactFrom(plans)), support })}</p>}
          <p>{fill(strings.noSubscriptionText, { support })}</p>
        </>
      ) : (
        <p>{fill(strings.plansUnavailable, { support })}</p>
      )}
      <div className="register-wizard__actions">
        {available && (
          <button className="button" type="button" onClick={onChoose}>
            {strings.choosePlan}
          </button>
        )}
        <button className="button button--secondary" type="button" onClick={onBack}>
          {strings.back}
        </button>
      </div>
    </Screen>
  );
}

interface ConfirmProps {
  plans: readonly PlanOption[];
  busy: boolean;
  error: string | null;
  strings: RegisterWizardStrings;
  onBack: () => void;
}

/** confirmSubscriptionIndividual: yearly or monthly (the card chosen before, or the first), then to the payment page. */
export function ConfirmIndividualScreen({
  plans,
  busy,
  error,
  strings,
  onConfirm,
  onBack,
  chosenPlan,
}: ConfirmProps & { onConfirm: (plan: PlanOption, renews: boolean) => void; chosenPlan?: string | null }): JSX.Element {
  const options = individualPlans(plans);
  const [chosen, setChosen] = useState(() => chosenOf(options, chosenPlan));
  const [renews, setRenews] = useState(true);
  const plan = options.find((option) => planKey(option) === chosen);
  return (
    <Screen step="confirmSubscriptionIndividual" title={strings.confirmSubscriptionTitle} error={error}>
      <PlanCards legend={strings.planLegend} plans={options} chosen={chosen} onChoose={(option) => setChosen(planKey(option))} strings={strings} />
      {plan && <RenewalChoice planType={plan.planType} renews={renews} onChange={setRenews} strings={strings} />}
      <p>{strings.confirmSubscriptionText}</p>
      <ConfirmOrBack
        confirm={plan ? { label: strings.payNow, onClick: () => onConfirm(plan, renews) } : null}
        busy={busy}
        busyLabel={strings.working}
        backLabel={strings.back}
        onBack={onBack}
      />
    </Screen>
  );
}

interface ConfirmOtherProps extends ConfirmProps {
  schoolName: string;
  supportEmail: string;
  onConfirm: (plan: PlanOption, users: number, renews: boolean) => void;
  /** The card chosen before: the number of users starts at the fewest it is for. */
  chosenPlan?: string | null;
  /** More users than the largest plan: "Send these details to our team" with the number typed (SendDetailsForm.tsx). */
  moreUsersRequest?: (users: number) => ReactNode;
  /** The school's "Pay by invoice" form (a server page), when the school exists in the CRM. */
  invoicePath?: string;
}

/** confirmSubscriptionOther: the number of users picks the option and its price; too many means contact us. */
export function ConfirmOtherScreen({ plans, schoolName, supportEmail, busy, error, strings, onConfirm, onBack, chosenPlan, moreUsersRequest, invoicePath }: ConfirmOtherProps): JSX.Element {
  const [typed, setTyped] = useState(() => {
    const card = schoolPlans(plans).find((plan) => planKey(plan) === chosenPlan);
    return String(card ? firstUserCount(card, schoolPlans(plans)) : 1);
  });
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [renews, setRenews] = useState(true);
  const id = useElementId("users");
  const users = readUsers(typed);
  const choice = schoolPlanFor(users, plans);
  const top = contactFrom(plans) - 1;
  const confirm = () => {
    if (choice.kind === "invalid") return setFieldError(strings.usersInvalid);
    if (choice.kind === "contact") return setFieldError(strings.usersTooMany);
    setFieldError(null);
    onConfirm(choice.plan, users!, renews);
  };
  return (
    <Screen step="confirmSubscriptionOther" title={strings.confirmSubscriptionTitle} error={error}>
      {schoolName && <p>{strings.membershipFor.replace("{school}", schoolName)}</p>}
      <TextField
        id={id}
        name="numberOfUsers"
        label={strings.usersLabel}
        hint={strings.usersHint.replace("{max}", String(top))}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={typed}
        error={fieldError ?? undefined}
        onChange={(value) => {
          setTyped(value);
          setFieldError(null);
        }}
      />
      <p className="register-wizard__price" aria-live="polite">
        {choice.kind === "plan"
          ? `${choice.plan.priceText}${choice.plan.note ? ` (${choice.plan.note})` : ""}`
          : choice.kind === "contact"
            ? fill(strings.contactForMoreUsers, { count: String(top + 1), support: <SupportLink email={supportEmail} /> })
            : null}
      </p>
      {choice.kind === "contact" && users !== null && moreUsersRequest?.(users)}
      <RenewalChoice planType="school-annual" renews={renews} onChange={setRenews} strings={strings} />
      <p>{strings.confirmSubscriptionText}</p>
      <ConfirmOrBack confirm={{ label: strings.payNow, onClick: confirm }} busy={busy} busyLabel={strings.working} backLabel={strings.back} onBack={onBack} />
      {invoicePath && choice.kind === "plan" && (
        <p>
          <a href={`${invoicePath}?users=${users}`}>{strings.payByInvoice}</a>
        </p>
      )}
    </Screen>
  );
}
