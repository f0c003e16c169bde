import { useState, type JSX } from "react";
import { useElementId } from "../lib/useElementId";
import { individualPlans, readUsers, schoolPlanFor, schoolPlans, type PlanOption } from "./plan-choice";
import { ConfirmOrBack, Screen, SupportLink, fill } from "./ScreenParts";
import type { RegisterWizardStrings } from "./strings";
import { TextField } from "./TextField";

/** Which plans a screen is about: the individual's own, or a school's. */
export type PlanAudience = "individual" | "school";

const planLine = (plan: PlanOption) => `${plan.label}: ${plan.priceText}${plan.note ? ` (${plan.note})` : ""}`;

/** One more than the largest school option: from here the provider arranges it. */
const contactFrom = (plans: readonly PlanOption[]) => (schoolPlans(plans).at(-1)?.users ?? 0) + 1;

/** The plans on offer, as a list (noActiveSubscription*). */
function PlanList({ audience, plans, strings }: { audience: PlanAudience; plans: readonly PlanOption[]; strings: RegisterWizardStrings }): JSX.Element {
  const headingId = useElementId("plans");
  const shown = audience === "individual" ? individualPlans(plans) : schoolPlans(plans);
  return (
    <section className="register-wizard__plans" aria-labelledby={headingId}>
      <h3 id={headingId}>{strings.plansHeading}</h3>
      <ul>
        {shown.map((plan) => (
          <li key={`${plan.planType}:${plan.users}`}>{planLine(plan)}</li>
        ))}
        {audience === "school" && <li>{strings.planContactRow.replace("{count}", String(contactFrom(plans)))}</li>}
      </ul>
    </section>
  );
}

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
}

/** No active membership: the reason, the plans, and on to choosing one. */
export function NoActiveSubscriptionScreen({ step, plans, message, supportEmail, strings, onChoose, onBack, title, endedOn }: NoActiveProps): JSX.Element {
  const audience: PlanAudience = step === "noActiveSubscriptionIndividual" ? "individual" : "school";
  const available = (audience === "individual" ? individualPlans(plans) : schoolPlans(plans)).length > 0;
  const heading = title ?? (endedOn ? strings.renewTitle : audience === "individual" ? strings.noSubscriptionIndividualTitle : strings.noSubscriptionOtherTitle);
  const support = <SupportLink email={supportEmail} />;
  return (
    <Screen step={step} title={heading} message={message}>
      {endedOn && <p>{fill(audience === "individual" ? strings.membershipEnded : strings.schoolMembershipEnded, { date: <strong>{endedOn}</strong> })}</p>}
      {available ? (
        <>
          <PlanList audience={audience} plans={plans} strings={strings} />
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

/** confirmSubscriptionIndividual: yearly or monthly, then to the payment page. */
export function ConfirmIndividualScreen({ plans, busy, error, strings, onConfirm, onBack }: ConfirmProps & { onConfirm: (plan: PlanOption) => void }): JSX.Element {
  const options = individualPlans(plans);
  const [chosen, setChosen] = useState(0);
  const name = useElementId("plan");
  const plan = options[chosen];
  return (
    <Screen step="confirmSubscriptionIndividual" title={strings.confirmSubscriptionTitle} error={error}>
      <fieldset className="register-wizard__plan-choice">
        <legend>{strings.planLegend}</legend>
        {options.map((option, index) => (
          <label key={option.planType} className="register-wizard__plan-option">
            <input type="radio" name={name} value={option.planType} checked={index === chosen} onChange={() => setChosen(index)} /> {planLine(option)}
          </label>
        ))}
      </fieldset>
      <p>{strings.confirmSubscriptionText}</p>
      <ConfirmOrBack
        confirm={plan ? { label: strings.payNow, onClick: () => onConfirm(plan) } : null}
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
  onConfirm: (plan: PlanOption, users: number) => void;
}

/** confirmSubscriptionOther: the number of users picks the option and its price; too many means contact us. */
export function ConfirmOtherScreen({ plans, schoolName, supportEmail, busy, error, strings, onConfirm, onBack }: ConfirmOtherProps): JSX.Element {
  const [typed, setTyped] = useState("1");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const id = useElementId("users");
  const users = readUsers(typed);
  const choice = schoolPlanFor(users, plans);
  const top = contactFrom(plans) - 1;
  const confirm = () => {
    if (choice.kind === "invalid") return setFieldError(strings.usersInvalid);
    if (choice.kind === "contact") return setFieldError(strings.usersTooMany);
    setFieldError(null);
    onConfirm(choice.plan, users!);
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
      <p>{strings.confirmSubscriptionText}</p>
      <ConfirmOrBack confirm={{ label: strings.payNow, onClick: confirm }} busy={busy} busyLabel={strings.working} backLabel={strings.back} onBack={onBack} />
    </Screen>
  );
}
