/**
 * Choosing a plan (accounts spec, section 4, "Subscription and payment";
 * section 9's plans). Pure: the page gives the plans and level ids as data;
 * this picks the option for a number of users and builds the basket item.
 * The server prices the basket and picks the level itself; this only decides
 * what to show and what to ask for.
 */

import { PLAN_TYPES, individualLevelFor } from "../../contracts/rules/plans";
import type { PlanOption, PlanType, SeatLevel } from "../../contracts/shapes/plans";

/** Accounts spec, section 3, "Basket item", with this product's RenewAutomatically (docs/payments.md, "Plans that renew"). */
export interface BasketItem {
  FundId: number;
  MembershipLevelId: number;
  Action: 1;
  ConstituentId: number;
  OrganisationConstituentId: number | false;
  PlanType: PlanType;
  NumberOfUsers: number;
  /** An annual plan renews each year unless the payer unticked it; the monthly plan always renews. */
  RenewAutomatically: boolean;
}

const planTypes: readonly string[] = PLAN_TYPES;

/** data-plans as the server writes it; entries that are not plans are left out (the screens then offer fewer). */
export function parsePlans(raw: string | null): PlanOption[] {
  const list = readJson(raw);
  if (!Array.isArray(list)) return [];
  return list.filter(isPlan).map(({ planType, label, users, priceText, price, note }) => (note ? { planType, label, users, priceText, price, note } : { planType, label, users, priceText, price }));
}

/** data-seat-levels as the server writes it, smallest ceiling first. */
export function parseSeatLevels(raw: string | null): SeatLevel[] {
  const list = readJson(raw);
  if (!Array.isArray(list)) return [];
  return list
    .filter((level): level is SeatLevel => isRecord(level) && isWhole(level.id) && isWhole(level.seats) && level.seats > 0)
    .map(({ id, seats }) => ({ id, seats }))
    .sort((a, b) => a.seats - b.seats);
}

export const individualPlans = (plans: readonly PlanOption[]): PlanOption[] => plans.filter((plan) => plan.planType !== "school-annual");

/** The school's options by number of users, smallest first. */
export const schoolPlans = (plans: readonly PlanOption[]): PlanOption[] =>
  plans.filter((plan) => plan.planType === "school-annual" && plan.users !== null).sort((a, b) => a.users! - b.users!);

export type UsersChoice =
  /** The option that covers this many users. */
  | { kind: "plan"; plan: PlanOption }
  /** More users than any option covers: the provider arranges it (contact us). */
  | { kind: "contact" }
  /** Not a whole number of at least one. */
  | { kind: "invalid" };

/** The number of users as typed: a whole number, or null. */
export function readUsers(typed: string): number | null {
  const trimmed = typed.trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : null;
}

/** The smallest school option whose user count covers `users`. */
export function schoolPlanFor(users: number | null, plans: readonly PlanOption[]): UsersChoice {
  if (users === null || !Number.isInteger(users) || users < 1) return { kind: "invalid" };
  const plan = schoolPlans(plans).find((option) => option.users! >= users);
  return plan ? { kind: "plan", plan } : { kind: "contact" };
}

/** The smallest membership level whose seat ceiling covers `users`; null above the top ceiling. */
export function levelFor(users: number, seatLevels: readonly SeatLevel[]): number | null {
  return [...seatLevels].sort((a, b) => a.seats - b.seats).find((level) => level.seats >= users)?.id ?? null;
}

export interface BasketInput {
  plan: PlanOption;
  users: number;
  constituentId: number;
  /** The school the membership is for; null for an individual plan. */
  schoolId: number | null;
  fundId: number;
  individualLevelId: number;
  /**
   * The monthly plan's own level (crm-ids.ts, individualMonthly); null where the page gives none (a backend whose
   * monthly plan is at the individual level, as the spec's single level has it): the individual level then.
   */
  individualMonthlyLevelId: number | null;
  seatLevels: readonly SeatLevel[];
  /** The payer's "Renew automatically each year" choice. */
  renews: boolean;
}

/** The basket item for the chosen plan, or why there is none ("too-many": over the top seat ceiling). */
export function basketItem(input: BasketInput): { kind: "item"; item: BasketItem } | { kind: "too-many" } | { kind: "no-school" } {
  const individual = input.plan.planType !== "school-annual";
  const users = individual ? 1 : input.users;
  const individualLevels = { individual: input.individualLevelId, individualMonthly: input.individualMonthlyLevelId };
  const level = individual ? (individualLevelFor(individualLevels, input.plan.planType === "individual-monthly" ? "month" : "year") ?? input.individualLevelId) : levelFor(users, input.seatLevels);
  if (level === null) return { kind: "too-many" };
  if (!individual && input.schoolId === null) return { kind: "no-school" };
  return {
    kind: "item",
    item: {
      FundId: input.fundId,
      MembershipLevelId: level,
      Action: 1,
      ConstituentId: input.constituentId,
      OrganisationConstituentId: individual ? false : input.schoolId!,
      PlanType: input.plan.planType,
      NumberOfUsers: users,
      RenewAutomatically: input.plan.planType === "individual-monthly" || input.renews,
    },
  };
}

function readJson(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isWhole = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

function isPlan(value: unknown): value is PlanOption {
  if (!isRecord(value)) return false;
  const { planType, label, users, priceText, price, note } = value;
  return (
    typeof planType === "string" &&
    planTypes.includes(planType) &&
    typeof label === "string" &&
    (users === null || (isWhole(users) && users > 0)) &&
    typeof priceText === "string" &&
    typeof price === "number" &&
    (note === undefined || typeof note === "string")
  );
}
