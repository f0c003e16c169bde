import type { SubscriptionPeriod } from "../tables";

/** The period a plan type is bought for: the monthly plan a month, the others a year. */
export function periodOfPlan(planType: string): SubscriptionPeriod {
  return planType === "individual-monthly" ? "month" : "year";
}

/**
 * The period an order renews by at the provider, or undefined for a one-off
 * payment: the monthly plan always, an annual one unless the payer turned
 * renewal off at checkout (migration 0040; docs/payments.md, "Plans that renew").
 */
export function recurringPeriodOf(order: { plan_type: string; renews: number }): SubscriptionPeriod | undefined {
  return order.renews === 1 ? periodOfPlan(order.plan_type) : undefined;
}
