import type { JSX } from "react";
import type { PlanType } from "../../contracts/shapes/plans";
import { useElementId } from "../lib/useElementId";
import type { RegisterWizardStrings } from "./strings";

interface RenewalChoiceProps {
  /** The plan being confirmed: an annual one asks, the monthly one says it renews. */
  planType: PlanType;
  renews: boolean;
  onChange: (renews: boolean) => void;
  strings: RegisterWizardStrings;
}

/**
 * Whether the plan renews at the provider (issue 29; docs/payments.md, "Plans
 * that renew"), said plainly before payment: an annual plan's box, ticked by
 * default, in the markup of the server's .form-checkbox; the monthly plan,
 * which always renews, says so instead.
 */
export function RenewalChoice({ planType, renews, onChange, strings }: RenewalChoiceProps): JSX.Element {
  const id = useElementId("renew");
  if (planType === "individual-monthly") return <p className="register-wizard__renewal">{strings.renewsMonthly}</p>;
  return (
    <div className="register-wizard__renewal">
      <div className="form-checkbox">
        <input type="checkbox" id={id} name="renewAutomatically" checked={renews} onChange={(event) => onChange(event.target.checked)} aria-describedby={`${id}-hint`} />
        <label htmlFor={id}>{strings.renewYearly}</label>
      </div>
      <p className="form-hint" id={`${id}-hint`}>
        {strings.renewYearlyHint}
      </p>
    </div>
  );
}
