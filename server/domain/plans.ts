/*
 * Plans and prices (accounts spec, section 9; issue 12). Pure: the server
 * computes every price and level from these, whatever the browser sent, and
 * the wizard receives the plan list from the page as data.
 */

import { PLAN_TYPES, individualLevelFor, isIndividualLevel } from "../../contracts/rules/plans";
import type { PlanOption, PlanType } from "../../contracts/shapes/plans";

export const TOO_MANY_USERS_MESSAGE = "Selected number of users exceeds the maximum allowed for the selected plan.";

export type BillingPeriod = "year" | "month";

/** A price band of the annual school plan: up to `maxUsers` users for `pence`. */
export interface AnnualBand {
  maxUsers: number;
  pence: number;
  label?: string;
}

export const MONTHLY_PENCE = 3999;
export const INDIVIDUAL_ANNUAL_PENCE = 6000;
/** Annual plan by number of users; 11 or more: contact us. */
export const ANNUAL_BANDS: readonly AnnualBand[] = [
  { maxUsers: 1, pence: 6000 },
  { maxUsers: 5, pence: 25000 },
  { maxUsers: 10, pence: 40000, label: "Save 20%" },
];

export { isIndividualLevel, individualLevelFor } from "../../contracts/rules/plans";

/** The membership levels a plan can buy: the individual yearly and monthly ones, and school levels by seat ceiling (crm-ids.ts). */
export interface LevelTable {
  individual: number;
  /** The monthly plan's own level: Tessitura dates a membership by its level (docs/crm.md). */
  individualMonthly: number;
  seatLevels: readonly { id: number; seats: number }[];
}

export interface PricedPlan {
  planType: PlanType;
  numberOfUsers: number;
  levelId: number;
  /** The level's seat ceiling: the seats a school membership gets. */
  seats: number;
  amountPence: number;
  period: BillingPeriod;
  description: string;
}

export type PlanProblem = { field: "PlanType" | "NumberOfUsers"; message: string };

export function isPlanType(value: unknown): value is PlanType {
  return typeof value === "string" && (PLAN_TYPES as readonly string[]).includes(value);
}

/** "£250.00" */
export function formatPounds(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

/** The spec's price text: "Annual plan £250.00". */
export function annualPriceText(pence: number): string {
  return `Annual plan ${formatPounds(pence)}`;
}

/** The smallest level whose seat ceiling covers `users`, or undefined above the top ceiling. */
export function levelForUsers(levels: LevelTable, users: number): { id: number; seats: number } | undefined {
  return [...levels.seatLevels].sort((a, b) => a.seats - b.seats).find((level) => level.seats >= users);
}

/** The level staff record for `users` seats given by hand: the smallest that covers them, or the top one above its ceiling (the seats themselves say how many). */
export function levelRecordingSeats(levels: LevelTable, users: number): { id: number; seats: number } {
  return levelForUsers(levels, users) ?? [...levels.seatLevels].sort((a, b) => b.seats - a.seats)[0]!;
}

/** The annual price for `users`, or undefined above the top band (contact us). */
export function annualPenceFor(users: number): number | undefined {
  return ANNUAL_BANDS.find((band) => band.maxUsers >= users)?.pence;
}

/** A membership level as people read it (the back office, its exports, a person's own data): which it is by the CRM's level ids. */
export function levelName(levels: LevelTable & { stateSchool: number }, levelId: number): string {
  if (isIndividualLevel(levels, levelId)) return "Individual";
  if (levelId === levels.stateSchool) return "State school (free, unlimited seats)";
  const seats = levels.seatLevels.find((level) => level.id === levelId)?.seats;
  return seats === undefined ? `Level ${levelId}` : `School, ${seats} seats`;
}

/** Price and level of a plan, computed only from its type and number of users. */
export function pricePlan(levels: LevelTable, planType: PlanType, numberOfUsers: number): PricedPlan | PlanProblem {
  if (!Number.isSafeInteger(numberOfUsers) || numberOfUsers < 1) {
    return { field: "NumberOfUsers", message: "Choose how many people will use the membership (1 or more)." };
  }
  if (planType !== "school-annual") {
    if (numberOfUsers !== 1) return { field: "NumberOfUsers", message: TOO_MANY_USERS_MESSAGE };
    const monthly = planType === "individual-monthly";
    const amountPence = monthly ? MONTHLY_PENCE : INDIVIDUAL_ANNUAL_PENCE;
    const period: BillingPeriod = monthly ? "month" : "year";
    return {
      planType,
      numberOfUsers,
      levelId: individualLevelFor(levels, period),
      seats: 1,
      amountPence,
      period,
      description: monthly ? `Individual monthly plan ${formatPounds(amountPence)}` : `Individual ${annualPriceText(amountPence)}`,
    };
  }
  const level = levelForUsers(levels, numberOfUsers);
  const amountPence = annualPenceFor(numberOfUsers);
  if (!level || amountPence === undefined) return { field: "NumberOfUsers", message: TOO_MANY_USERS_MESSAGE };
  return {
    planType,
    numberOfUsers,
    levelId: level.id,
    seats: level.seats,
    amountPence,
    period: "year",
    description: `School ${annualPriceText(amountPence)} (up to ${level.seats} ${level.seats === 1 ? "user" : "users"})`,
  };
}

/** A bought plan as receipts and emails name it: its priced description, or its label when the plan cannot be priced now. */
export function describePlan(levels: LevelTable, planType: string, numberOfUsers: number): string {
  if (!isPlanType(planType)) return planType;
  const plan = pricePlan(levels, planType, numberOfUsers);
  return "description" in plan ? plan.description : planLabel(planType);
}

/** The plan's name for the orders list. */
export function planLabel(planType: PlanType): string {
  return { "individual-annual": "Individual, annual", "individual-monthly": "Individual, monthly", "school-annual": "School, annual" }[planType];
}

/**
 * When a paid membership ends: one period after the later of now and the
 * current expiry, so renewing early loses no days and a lapsed one starts now.
 */
export function renewedExpiry(now: Date, currentExpiry: Date | undefined, period: BillingPeriod): { starts: Date; expires: Date } {
  const starts = currentExpiry && currentExpiry.getTime() > now.getTime() ? new Date(currentExpiry) : new Date(now);
  return { starts, expires: addBillingPeriod(starts, period) };
}

/**
 * One period after `from`: a month or a year, clamped to the month's last
 * day (31 January + a month is 28 February, not 3 March). The membership's
 * end and a renewing plan's ledger both use it, so they never disagree.
 */
export function addBillingPeriod(from: Date, period: BillingPeriod): Date {
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  if (period === "month") next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** The plans of spec section 9, from the same prices pricePlan charges. */
export function planOptions(): PlanOption[] {
  const pounds = (pence: number) => pence / 100;
  let previousMax = 0;
  const bands = ANNUAL_BANDS.map((band) => {
    const label = band.maxUsers === 1 ? "1 user" : `${previousMax + 1}–${band.maxUsers} users`;
    previousMax = band.maxUsers;
    const option: PlanOption = { planType: "school-annual", label, users: band.maxUsers, priceText: annualPriceText(band.pence), price: pounds(band.pence) };
    return band.label ? { ...option, note: band.label } : option;
  });
  return [
    { planType: "individual-annual", label: "Individual, yearly", users: 1, priceText: annualPriceText(INDIVIDUAL_ANNUAL_PENCE), price: pounds(INDIVIDUAL_ANNUAL_PENCE) },
    { planType: "individual-monthly", label: "Individual, pay monthly", users: 1, priceText: `Monthly plan ${formatPounds(MONTHLY_PENCE)}`, price: pounds(MONTHLY_PENCE) },
    ...bands,
  ];
}
