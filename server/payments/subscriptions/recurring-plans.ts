import type { SubscriptionPeriod } from "../tables";

/**
 * The plans that renew at the provider, and their period: the monthly plan.
 * (Annual plans renewing by default is issue 29's next step, docs/payments.md.)
 */
export function recurringPeriodOf(planType: string): SubscriptionPeriod | undefined {
  return planType === "individual-monthly" ? "month" : undefined;
}
