import { levelRecordingSeats } from "../domain/plans";
import type { SchoolFinderQuery, SchoolForStaff } from "../schools";
import { isRefusal, refuse, type Refusal } from "../shared/refusal";
import { roleRefusal } from "./role-refusal";
import { levelName } from "../domain/plans";
import { AUDIT_TRAIL_LENGTH } from "./staff-people-desk";
import type { SchoolsDeskDependencies } from "./staff-dependencies";
import type { SignedInStaff } from "./staff-sign-in";

/*
 * The back office's Schools pages (docs/back-office.md, "Schools"): find a
 * school by name, URN, postcode or email domain; its record, allowed domains,
 * membership, seats, people and requests; confirm the suggested domain, add
 * or remove one; create or extend a membership and change its seats; make
 * or remove an admin and end a person's place. The role is checked on every
 * call and every change is audited with the staff account, the record and
 * its before and after.
 */

export const SCHOOLS_PER_PAGE = 25;
/** The finder's "Show" filter: every school, a kind, or those entered by hand. */
export const SCHOOL_FINDER_SHOWS = ["state", "independent", "international", "hand-entered"] as const;
/** The school page's requests: the newest. */
export const SCHOOL_REQUESTS_SHOWN = 10;

export const MEMBERSHIP_KINDS = ["free", "complimentary", "paid-offline"] as const;
export type StaffMembershipKind = (typeof MEMBERSHIP_KINDS)[number];
/** The most user seats staff give by hand: a sanity bound, far above any school. */
export const MOST_USER_SEATS = 5000;

export interface StaffMembershipRequest {
  kind: string;
  period: string;
  /** Typed: a whole number of user seats (not for the free level, which is unlimited). */
  users: string;
  /** A paid-offline membership's reference (a purchase order, an invoice number). */
  reference: string;
}

const DOMAIN = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const DOMAIN_MESSAGE = "Enter a domain like oakfield.sch.uk: the part of their email addresses after the @.";

export function staffSchoolsDesk(deps: SchoolsDeskDependencies) {
  const clock = deps.clock ?? (() => new Date());

  function auditDomains(staff: SignedInStaff, schoolId: number, change: { before: string[]; after: string[] }, ip: string) {
    return deps.audit.record({
      event: "school.domains-changed",
      actorId: null,
      staffActorId: staff.id,
      ip,
      record: { type: "school", id: schoolId, before: { domains: change.before }, after: { domains: change.after } },
    });
  }

  async function changeDomains(staff: SignedInStaff, schoolId: number, ip: string, change: (before: readonly string[]) => string[]) {
    const refused = roleRefusal(staff, "manage-school-domains", "School domains need the Membership role or above.");
    if (refused) return refused;
    const changed = await deps.schools.setAllowedDomains(schoolId, change);
    if (isRefusal(changed)) return changed;
    await auditDomains(staff, schoolId, changed, ip);
    return changed;
  }

  return {
    async find(staff: SignedInStaff, query: SchoolFinderQuery & { page: number }) {
      const refused = roleRefusal(staff, "read-people-and-schools");
      if (refused) return refused;
      const page = Math.max(1, query.page);
      const found = await deps.schools.find({ text: query.text, show: query.show, limit: SCHOOLS_PER_PAGE, offset: (page - 1) * SCHOOLS_PER_PAGE });
      return { ...found, page, perPage: SCHOOLS_PER_PAGE };
    },

    async school(staff: SignedInStaff, schoolId: number) {
      const refused = roleRefusal(staff, "read-people-and-schools");
      if (refused) return refused;
      const found = await deps.schools.school(schoolId, clock());
      if (isRefusal(found)) return found;
      const [requests, auditTrail] = await Promise.all([
        deps.requests.inbox({ schoolId, page: 1, perPage: SCHOOL_REQUESTS_SHOWN }),
        deps.audit.aboutSchool(schoolId, AUDIT_TRAIL_LENGTH),
      ]);
      return { ...found, levelLabel: found.membership && levelName(deps.ids.membershipLevels, found.membership.levelId), requests: requests.rows, requestsTotal: requests.total, auditTrail };
    },

    /** Makes the register's suggested domain (from the school's website) an allowed one. */
    async confirmSuggestedDomain(staff: SignedInStaff, schoolId: number, ip: string): Promise<{ domain: string } | Refusal> {
      const found = await deps.schools.school(schoolId, clock());
      if (isRefusal(found)) return found;
      const suggested = found.school.suggested_email_domain;
      if (!suggested) return refuse("conflict", "The register suggests no domain for this school. Add the domain its staff use by hand.", { rule: "has-suggestion" });
      const changed = await changeDomains(staff, schoolId, ip, (before) => withDomain(before, suggested));
      return isRefusal(changed) ? changed : { domain: suggested };
    },

    async addDomain(staff: SignedInStaff, schoolId: number, typed: string, ip: string): Promise<{ domain: string } | Refusal> {
      const domain = typed.trim().toLowerCase().replace(/^.*@/, "");
      if (!DOMAIN.test(domain)) return refuse("invalid", DOMAIN_MESSAGE, { errors: { domain: [DOMAIN_MESSAGE] } });
      const changed = await changeDomains(staff, schoolId, ip, (before) => withDomain(before, domain));
      return isRefusal(changed) ? changed : { domain };
    },

    async removeDomain(staff: SignedInStaff, schoolId: number, domain: string, ip: string): Promise<{ domain: string } | Refusal> {
      const changed = await changeDomains(staff, schoolId, ip, (before) => before.filter((value) => bareDomain(value) !== bareDomain(domain)));
      if (isRefusal(changed)) return changed;
      if (changed.before.length === changed.after.length) return refuse("conflict", `${domain} is not one of this school's domains. Reload the page to see them.`, { rule: "domain-held" });
      return { domain };
    },

    /** Creates the school's membership, or extends its current one, by a month or a year: free (unlimited seats), complimentary or paid offline. */
    async extendMembership(staff: SignedInStaff, schoolId: number, request: StaffMembershipRequest, ip: string): Promise<{ expires: Date } | Refusal> {
      const refused = roleRefusal(staff, "manage-memberships", "School memberships need the Membership role or above.");
      if (refused) return refused;
      const checked = checkMembershipRequest(request);
      if (isRefusal(checked)) return checked;
      const found = await deps.schools.school(schoolId, clock());
      if (isRefusal(found)) return found;
      const levels = deps.ids.membershipLevels;
      const levelId = checked.users === "unlimited" ? levels.stateSchool : levelRecordingSeats(levels, checked.users).id;
      const extended = await deps.extendSchoolMembership({ schoolId, levelId, period: checked.period, users: checked.users });
      await deps.audit.record({
        event: "school.membership-extended",
        actorId: null,
        staffActorId: staff.id,
        ip,
        details: { schoolId, kind: checked.kind, period: checked.period, users: checked.users, ...(checked.reference && { reference: checked.reference }) },
        record: {
          type: "membership",
          id: extended.membershipId,
          before: extended.previousExpiry ? { expires: extended.previousExpiry } : null,
          after: { expires: extended.expires.toISOString() },
        },
      });
      return { expires: extended.expires };
    },

    async changeSeats(staff: SignedInStaff, schoolId: number, typed: string, ip: string): Promise<{ seats: number } | Refusal> {
      const refused = roleRefusal(staff, "manage-seats", "Seats need the Membership role or above.");
      if (refused) return refused;
      const users = wholeNumber(typed);
      if (users === undefined) return refuse("invalid", USERS_MESSAGE, { errors: { users: [USERS_MESSAGE] } });
      const changed = await deps.schools.changeUserSeats(schoolId, users, clock());
      if (isRefusal(changed)) return changed;
      await deps.audit.record({
        event: "school.seats-changed",
        actorId: null,
        staffActorId: staff.id,
        ip,
        details: { schoolId },
        record: { type: "membership", id: changed.membershipId, before: { userSeats: changed.before }, after: { userSeats: changed.after } },
      });
      return { seats: users };
    },

    async makeAdmin(staff: SignedInStaff, schoolId: number, personId: number, ip: string): Promise<{ name: string } | Refusal> {
      const refused = roleRefusal(staff, "manage-school-admins", "School admins need the Membership role or above.");
      if (refused) return refused;
      const granted = await deps.schools.makeAdmin({ schoolId, personId }, clock());
      if (isRefusal(granted)) return granted;
      if (granted.created) {
        await deps.audit.record({
          event: "school-admin.granted",
          actorId: null,
          staffActorId: staff.id,
          subjectId: personId,
          ip,
          details: { schoolId, affiliationId: granted.affiliation.Id, via: "staff" },
          record: { type: "affiliation", id: granted.affiliation.Id, before: null, after: { role: "admin" } },
        });
      }
      return { name: granted.name };
    },

    /** Ends one role (an admin's, say), or with `wholePerson` every place the person holds at the school; their seats are freed. */
    async endAffiliation(staff: SignedInStaff, schoolId: number, request: { affiliationId: number; wholePerson: boolean }, ip: string): Promise<{ name: string; personId: number } | Refusal> {
      const refused = roleRefusal(staff, "manage-school-admins", "Ending a place at a school needs the Membership role or above.");
      if (refused) return refused;
      const removal = await deps.schools.endAffiliation(request, clock());
      if (isRefusal(removal)) return removal;
      if (removal.affiliation.GroupConstituent.Id !== schoolId) return refuse("not-found", "That person is no longer at this school. Reload the page to see its people.");
      await deps.audit.record({
        event: "school-affiliation.removed",
        actorId: null,
        staffActorId: staff.id,
        subjectId: removal.affiliation.IndividualConstituent.Id,
        ip,
        details: { schoolId, affiliationId: removal.affiliation.Id, wholePerson: request.wholePerson, invitesRevoked: removal.invitesRevoked ?? 0 },
        record: { type: "affiliation", id: removal.affiliation.Id, before: { current: true }, after: { current: false } },
      });
      return { name: removal.name, personId: removal.affiliation.IndividualConstituent.Id };
    },
  };
}

export type StaffSchoolsDesk = ReturnType<typeof staffSchoolsDesk>;
export type StaffSchoolPage = Exclude<Awaited<ReturnType<StaffSchoolsDesk["school"]>>, Refusal> & SchoolForStaff;

const USERS_MESSAGE = `Enter the number of user seats as a whole number from 1 to ${MOST_USER_SEATS}.`;

function wholeNumber(typed: string): number | undefined {
  const value = Number(typed.trim());
  return /^\d+$/.test(typed.trim()) && value >= 1 && value <= MOST_USER_SEATS ? value : undefined;
}

function bareDomain(value: string): string {
  return value.trim().toLowerCase().replace(/^@/, "");
}

function withDomain(before: readonly string[], domain: string): string[] {
  return before.some((value) => bareDomain(value) === domain) ? [...before] : [...before, domain];
}

function checkMembershipRequest(request: StaffMembershipRequest) {
  const errors: Record<string, string[]> = {};
  const kind = MEMBERSHIP_KINDS.find((candidate) => candidate === request.kind);
  if (!kind) errors.kind = ["Choose what kind of membership this is."];
  const period = (["month", "year"] as const).find((candidate) => candidate === request.period);
  if (!period) errors.period = ["Choose how long the membership is for."];
  const users = kind === "free" ? ("unlimited" as const) : wholeNumber(request.users);
  if (users === undefined) errors.users = [USERS_MESSAGE];
  const reference = request.reference.trim().slice(0, 100);
  if (!kind || !period || users === undefined) return refuse("invalid", Object.values(errors)[0]![0]!, { errors });
  return { kind, period, users, reference };
}
