import { isPlanType, pricePlan, type LevelTable, type PricedPlan } from "../domain/plans";
import type { FieldErrors } from "../shared/errors";
import { refuse, type Refusal } from "../shared/refusal";

/*
 * The spec's basket item (section 3), as far as the server believes it:
 * FundId, MembershipLevelId and Action are read by nobody, and any price or
 * level the browser adds is ignored; both come from PlanType and
 * NumberOfUsers alone (server/domain/plans.ts). RenewAutomatically, this
 * product's own addition, says whether an annual plan renews each year at the
 * provider; absent, it does (issue 29: renewal is the default). The monthly
 * plan always renews, whatever is sent.
 */
export interface BasketItem {
  constituentId: number;
  /** A number: the school paying; false: the payer's own membership. */
  organisationId: number | false;
  plan: PricedPlan;
  /** Charged again each period until the payer turns it off. */
  renews: boolean;
}

const wholeNumber = (value: unknown): number | undefined => {
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  if (typeof value === "string" && /^\d{1,9}$/.test(value.trim())) return Number(value.trim());
  return undefined;
};

/** RenewAutomatically: absent means yes; a JSON boolean, or a form's "true"/"on"/"false". */
function readRenewal(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return true;
  if (value === true || value === "true" || value === "on") return true;
  if (value === false || value === "false") return false;
  return undefined;
}

export function readBasketItem(body: unknown, levels: LevelTable): BasketItem | Refusal {
  const record = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const errors: FieldErrors = {};

  const constituentId = wholeNumber(record.ConstituentId);
  if (constituentId === undefined) errors.ConstituentId = ["Send ConstituentId as your account's id (a whole number)."];

  let organisationId: number | false = false;
  const organisation = record.OrganisationConstituentId;
  if (organisation !== false && organisation !== undefined && organisation !== null) {
    const id = wholeNumber(organisation);
    if (id === undefined || id < 1) errors.OrganisationConstituentId = ["Send OrganisationConstituentId as the school's id, or false."];
    else organisationId = id;
  }

  let plan: PricedPlan | undefined;
  if (!isPlanType(record.PlanType)) {
    errors.PlanType = ['Choose a plan: send PlanType as "individual-annual", "individual-monthly" or "school-annual".'];
  } else {
    const users = record.NumberOfUsers === undefined ? 1 : wholeNumber(record.NumberOfUsers);
    const priced = pricePlan(levels, record.PlanType, users ?? Number.NaN);
    if ("field" in priced) errors[priced.field] = [priced.message];
    else plan = priced;
    if (record.PlanType === "school-annual" && organisationId === false && !errors.OrganisationConstituentId) {
      errors.OrganisationConstituentId = ["Choose your school before choosing a school plan."];
    }
  }

  const renews = readRenewal(record.RenewAutomatically);
  if (renews === undefined) errors.RenewAutomatically = ["Send RenewAutomatically as true or false."];

  if (Object.keys(errors).length > 0 || !plan || renews === undefined || constituentId === undefined) {
    return refuse("invalid", "Check the plan details and try again.", { errors });
  }
  // An individual plan is always the payer's own, whatever school was sent along.
  return { constituentId, organisationId: plan.planType === "school-annual" ? organisationId : false, plan, renews: plan.period === "month" || renews };
}
