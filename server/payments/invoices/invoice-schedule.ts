/*
 * When an unpaid invoice is chased (docs/payments.md, "Pay by invoice"):
 * reminded on its due date, reminded again 15 days later, and its
 * membership paused 30 days after the due date. With the default 30 days'
 * terms that is 30, 45 and 60 days after the invoice date, as the issue
 * asks. Pure.
 */

export const CHASING_STEPS = ["due", "overdue", "suspended"] as const;
export type ChasingStep = (typeof CHASING_STEPS)[number];

const daysAfterDue: Record<ChasingStep, number> = { due: 0, overdue: 15, suspended: 30 };
const DAY_MS = 86_400_000;

/** When each step falls for an invoice due at `dueAt`. */
export function chasingDates(dueAt: Date): Record<ChasingStep, Date> {
  return Object.fromEntries(CHASING_STEPS.map((step) => [step, new Date(dueAt.getTime() + daysAfterDue[step] * DAY_MS)])) as Record<ChasingStep, Date>;
}

/** The latest step due at `now` that has not been taken: one mail at a time, never the reminders after the pause. */
export function stepDue(dueAt: Date, taken: readonly string[], now: Date): ChasingStep | undefined {
  const dates = chasingDates(dueAt);
  const due = CHASING_STEPS.filter((step) => dates[step].getTime() <= now.getTime());
  const latest = due.at(-1);
  return latest && !taken.includes(latest) ? latest : undefined;
}

/** The due date of an invoice issued at `issuedAt` with `termsDays` to pay. */
export function dueDateOf(issuedAt: Date, termsDays: number): Date {
  return new Date(issuedAt.getTime() + termsDays * DAY_MS);
}

/** Days from the invoice date to the pause, for the invoice email. */
export function pauseAfterDays(termsDays: number): number {
  return termsDays + daysAfterDue.suspended;
}
