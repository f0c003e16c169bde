import type { JSX } from "react";
import { useElementId } from "../lib/useElementId";
import type { PlanOption } from "../../contracts/shapes/plans";
import type { RegisterWizardStrings } from "./strings";

/** A plan's key within one list: the type and its user ceiling. */
export const planKey = (plan: PlanOption): string => `${plan.planType}:${plan.users ?? ""}`;

/** The seats a plan gives, as a card says it: the range from the option below it. */
function seatsText(plan: PlanOption, previous: PlanOption | undefined, strings: RegisterWizardStrings): string {
  if (plan.planType !== "school-annual") return strings.planSeatsYou;
  const from = (previous?.users ?? 0) + 1;
  const to = plan.users ?? from;
  return from === to ? strings.planSeatsOne.replace("{count}", String(to)) : strings.planSeatsRange.replace("{from}", String(from)).replace("{to}", String(to));
}

interface PlanCardsProps {
  legend: string;
  /** In order, smallest first. */
  plans: readonly PlanOption[];
  chosen: string;
  onChoose: (plan: PlanOption) => void;
  strings: RegisterWizardStrings;
}

/**
 * The plans as a radio group of cards (name, price, seats, period): native
 * radios in one fieldset, so Tab reaches the group and the arrow keys move
 * the choice, as every browser's radio group does.
 */
export function PlanCards({ legend, plans, chosen, onChoose, strings }: PlanCardsProps): JSX.Element {
  const name = useElementId("plan");
  return (
    <fieldset className="plan-cards">
      <legend className="plan-cards__legend">{legend}</legend>
      <div className="plan-cards__list">
        {plans.map((plan, index) => {
          const key = planKey(plan);
          return (
            <label key={key} className="plan-card">
              <input className="plan-card__radio" type="radio" name={name} value={key} checked={key === chosen} onChange={() => onChoose(plan)} />
              <span className="plan-card__name">{plan.label}</span>
              <span className="plan-card__price">{plan.priceText}</span>
              <span className="plan-card__detail">{seatsText(plan, plans[index - 1], strings)}</span>
              <span className="plan-card__detail">{plan.planType === "individual-monthly" ? strings.planPeriodMonth : strings.planPeriodYear}</span>
              {plan.note && <span className="plan-card__note">{plan.note}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The fewest users a school plan is for: one more than the option below it. */
export function firstUserCount(plan: PlanOption, plans: readonly PlanOption[]): number {
  const index = plans.findIndex((option) => planKey(option) === planKey(plan));
  return index > 0 ? (plans[index - 1]!.users ?? 0) + 1 : 1;
}
