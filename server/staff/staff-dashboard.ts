import { formatPounds } from "../domain/plans";
import { londonDateOf, londonWallClockToUtc } from "../shared/london-time";
import { refuse, type Refusal } from "../shared/refusal";
import type { StaffDependencies } from "./staff-dependencies";
import { roleAllows, type StaffRole } from "./staff-roles";

/*
 * The back office's dashboard (docs/back-office.md): the membership counts
 * through the CRM port, this month's orders through the payments capability,
 * the requests waiting through the requests capability.
 * "This month" is the calendar month in London.
 */

/** Memberships ending within this many days are counted as expiring. */
export const EXPIRING_WITHIN_DAYS = 30;

export interface DashboardFigures {
  members: number;
  schoolsWithCurrentMembership: number;
  /** Of those, schools whose access is paused for an unpaid invoice (their seats kept). */
  schoolsPaused: number;
  membershipsExpiring: number;
  expiringWithinDays: number;
  /** This month in London, e.g. "March 2026". */
  monthLabel: string;
  ordersThisMonth: number;
  /** e.g. "£1250.00". */
  revenueThisMonth: string;
  /** Requests nobody has answered yet (open), in the inbox. */
  requestsWaiting: number;
}

/** The London calendar month holding `now`: its first instant, and the first instant of the next. */
export function londonMonthOf(now: Date): { from: Date; to: Date; label: string } {
  const [year, month] = londonDateOf(now).split("-").map(Number) as [number, number];
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const start = (y: number, m: number) => londonWallClockToUtc(`${y}-${String(m).padStart(2, "0")}-01`, "00:00");
  const label = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, month - 1, 15)));
  return { from: start(year, month), to: start(next.year, next.month), label };
}

export function staffDashboard(deps: StaffDependencies) {
  const clock = deps.clock ?? (() => new Date());
  return {
    async dashboard(role: StaffRole): Promise<DashboardFigures | Refusal> {
      if (!roleAllows(role, "view-dashboard")) return refuse("forbidden", "Your role does not show the dashboard.", { rule: "staff-dashboard" });
      const now = clock();
      const month = londonMonthOf(now);
      const until = new Date(now.getTime() + EXPIRING_WITHIN_DAYS * 24 * 60 * 60 * 1000);
      const [figures, takings, requests, schoolsPaused] = await Promise.all([
        deps.crm.membershipFigures(now, until),
        deps.takings(month.from, month.to),
        deps.requests.counts(),
        deps.pausedForInvoices(),
      ]);
      return {
        ...figures,
        schoolsPaused,
        expiringWithinDays: EXPIRING_WITHIN_DAYS,
        monthLabel: month.label,
        ordersThisMonth: takings.orders,
        revenueThisMonth: formatPounds(takings.revenuePence),
        requestsWaiting: requests.open,
      };
    },
  };
}
