import type { CurrentMember, CurrentSchoolMembership } from "../crm";
import { csvLine } from "./csv-line";
import type { Refusal } from "../shared/refusal";
import { roleRefusal } from "./role-refusal";
import type { ExportsDeskDependencies } from "./staff-dependencies";
import { levelName } from "../domain/plans";
import type { SignedInStaff } from "./staff-sign-in";

/*
 * The back office's members export (docs/back-office.md, "Exports"): who is
 * a member now, as CSV, read from the CRM port in batches and written as it
 * is read; audited before its first line. The schools-with-seats export:
 * each school with a current membership, its seats and its admins, from the
 * CRM port, with its URN and postcode from the school register. The orders export is the Orders
 * page's (staff-orders-desk.ts).
 */

/** The export's columns, in order (docs/back-office.md lists what each holds). */
export const MEMBER_EXPORT_COLUMNS = [
  "person_id",
  "first_name",
  "last_name",
  "email",
  "through",
  "school_id",
  "school_name",
  "membership_id",
  "level",
  "expires_at",
  "access",
] as const;

/** The schools-with-seats export's columns, in order (docs/back-office.md lists what each holds). */
export const SCHOOL_EXPORT_COLUMNS = [
  "school_id",
  "school_name",
  "urn",
  "postcode",
  "level",
  "expires_at",
  "seats_total",
  "seats_used",
  "admin_emails",
  "access",
] as const;

/** The `access` column: a membership paused for an unpaid invoice keeps its members and seats, but gives no access until paid. */
const accessOf = (paused: Set<number>, membershipId: number) => (paused.has(membershipId) ? "paused" : "active");

const BATCH = 500;

export function staffExportsDesk(deps: ExportsDeskDependencies) {
  const clock = deps.clock ?? (() => new Date());
  return {
    async exportMembers(staff: SignedInStaff, ip: string): Promise<AsyncIterable<string> | Refusal> {
      const refused = roleRefusal(staff, "manage-memberships", "The members export is for the Membership role and above.");
      if (refused) return refused;
      await deps.audit.record({ event: "export.downloaded", actorId: null, staffActorId: staff.id, ip, details: { export: "members" } });
      const now = clock();
      return (async function* lines() {
        yield csvLine(MEMBER_EXPORT_COLUMNS);
        let after: { personId: number; membershipId: number } | null = null;
        for (;;) {
          const batch: CurrentMember[] = await deps.crm.currentMembers(now, after, BATCH);
          const paused = await deps.pausedAmong(batch.map((member) => member.MembershipId));
          for (const member of batch) {
            yield csvLine([
              member.PersonId,
              member.FirstName,
              member.LastName,
              member.Email,
              member.School ? "school" : "own",
              member.School?.Id,
              member.School?.Name,
              member.MembershipId,
              levelName(deps.ids.membershipLevels, member.LevelId),
              member.ExpirationDateTime,
              accessOf(paused, member.MembershipId),
            ]);
          }
          if (batch.length < BATCH) return;
          const last = batch.at(-1)!;
          after = { personId: last.PersonId, membershipId: last.MembershipId };
        }
      })();
    },

    async exportSchools(staff: SignedInStaff, ip: string): Promise<AsyncIterable<string> | Refusal> {
      const refused = roleRefusal(staff, "manage-memberships", "The schools-with-seats export is for the Membership role and above.");
      if (refused) return refused;
      await deps.audit.record({ event: "export.downloaded", actorId: null, staffActorId: staff.id, ip, details: { export: "schools" } });
      const now = clock();
      const userSeat = deps.ids.seatBenefits.userSeat;
      return (async function* lines() {
        yield csvLine(SCHOOL_EXPORT_COLUMNS);
        let after: number | null = null;
        for (;;) {
          const batch: CurrentSchoolMembership[] = await deps.crm.currentSchoolMemberships(now, after, BATCH);
          const register = await deps.registerEntries(batch.map((school) => school.SchoolId));
          const paused = await deps.pausedAmong(batch.map((school) => school.MembershipId));
          for (const school of batch) {
            // The seats a school buys are its user seats; an unlimited benefit (a state school's) has no total.
            const seats = school.Seats.filter((seat) => seat.BenefitId === userSeat);
            const unlimited = seats.some((seat) => seat.Unlimited);
            const entry = register.get(school.SchoolId);
            yield csvLine([
              school.SchoolId,
              school.SchoolName,
              entry?.urn ?? "",
              entry?.postcode ?? "",
              levelName(deps.ids.membershipLevels, school.LevelId),
              school.ExpirationDateTime,
              unlimited ? "unlimited" : seats.reduce((total, seat) => total + seat.TotalAvailable, 0),
              seats.reduce((total, seat) => total + seat.TotalUsed, 0),
              school.AdminEmails.join("; "),
              accessOf(paused, school.MembershipId),
            ]);
          }
          if (batch.length < BATCH) return;
          after = batch.at(-1)!.SchoolId;
        }
      })();
    },
  };
}

export type StaffExportsDesk = ReturnType<typeof staffExportsDesk>;
