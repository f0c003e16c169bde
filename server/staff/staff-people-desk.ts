import type { AuditRecord } from "../audit";
import type { Affiliation, CrmIds, MembershipSummary, PersonDetails, PersonSummary } from "../crm";
import type { OrderExport } from "../payments";
import { levelName } from "../domain/plans";
import { isRefusal, limitReached, refuse, type Refusal } from "../shared/refusal";
import { roleRefusal } from "./role-refusal";
import type { PeopleDeskDependencies } from "./staff-dependencies";
import type { SignedInStaff } from "./staff-sign-in";

/*
 * The back office's People pages (docs/back-office.md, "People"): find a
 * person by name or email; see whether their address is confirmed, their
 * memberships, schools, orders and audit trail; send them a verification or
 * password link. Staff never see or set a password. The role is checked on
 * every call, whatever the page offered.
 */

export const PEOPLE_PER_PAGE = 25;
/** The people finder's Show filter: members now (their own membership or a school's), or everyone else; undefined: everyone. */
export const PEOPLE_SHOWN = ["members", "not-members"] as const;
export type PeopleShown = (typeof PEOPLE_SHOWN)[number];
/** The person page's audit trail: the newest entries. */
export const AUDIT_TRAIL_LENGTH = 50;

export interface PersonPage {
  person: PersonDetails;
  emailVerified: boolean;
  memberships: { id: number; level: string; startedOn: string; endsOn: string; current: boolean }[];
  schools: { affiliationId: number; schoolId: number; schoolName: string; role: string; startedOn: string; endedOn: string | null; current: boolean }[];
  orders: OrderExport[];
  auditTrail: AuditRecord[];
}

export function staffPeopleDesk(deps: PeopleDeskDependencies) {
  const clock = deps.clock ?? (() => new Date());

  async function personOr404(personId: number): Promise<PersonDetails | Refusal> {
    return (await deps.crm.personDetails(personId)) ?? refuse("not-found", "We couldn't find that person. Their account may have been deleted.");
  }

  function record(staff: SignedInStaff, event: "person.verification-link-sent" | "person.password-link-sent", person: PersonDetails, ip: string) {
    return deps.audit.record({ event, actorId: null, staffActorId: staff.id, subjectId: person.Id, ip, record: { type: "person", id: person.Id } });
  }

  return {
    async find(staff: SignedInStaff, query: { text: string; show?: PeopleShown; page: number }): Promise<{ people: PersonSummary[]; total: number; page: number; perPage: number } | Refusal> {
      const refused = roleRefusal(staff, "read-people-and-schools");
      if (refused) return refused;
      const page = Math.max(1, query.page);
      const members = query.show && { current: query.show === "members", now: clock() };
      const found = await deps.crm.findPeople({ text: query.text, members, limit: PEOPLE_PER_PAGE, offset: (page - 1) * PEOPLE_PER_PAGE });
      return { ...found, page, perPage: PEOPLE_PER_PAGE };
    },

    async person(staff: SignedInStaff, personId: number): Promise<PersonPage | Refusal> {
      const refused = roleRefusal(staff, "read-people-and-schools");
      if (refused) return refused;
      const person = await personOr404(personId);
      if (isRefusal(person)) return person;
      const now = clock();
      const [emailVerified, memberships, affiliations, orders, auditTrail] = await Promise.all([
        deps.emailVerified(personId),
        deps.crm.memberships(personId),
        deps.crm.affiliations({ individualConstituentId: personId }),
        deps.ordersOf(personId),
        deps.audit.aboutPerson(personId, AUDIT_TRAIL_LENGTH),
      ]);
      return {
        person,
        emailVerified,
        memberships: memberships.map((membership) => membershipLine(deps.ids, membership, now)),
        schools: affiliations.map((affiliation) => schoolLine(deps.ids, affiliation, now)),
        orders,
        auditTrail,
      };
    },

    async resendVerification(staff: SignedInStaff, personId: number, ip: string): Promise<{ sentTo: string } | Refusal> {
      const refused = roleRefusal(staff, "resend-account-links");
      if (refused) return refused;
      const person = await personOr404(personId);
      if (isRefusal(person)) return person;
      if (await deps.emailVerified(personId)) return refuse("conflict", `${person.Email} is already confirmed: there is nothing to resend.`, { rule: "address-unconfirmed" });
      const sent = await deps.sendVerificationLink(personId);
      if (sent.kind === "rate-limited") return limitReached("Several confirmation links went to this address in the last hour. Try again in an hour.", 3600, { rule: "verification-link-quota" });
      if (sent.kind === "no-account") return refuse("not-found", "We couldn't find that person. Their account may have been deleted.");
      await record(staff, "person.verification-link-sent", person, ip);
      return { sentTo: sent.sentTo };
    },

    /** A complimentary individual membership for a month or a year: a current one is extended, as a payment would. */
    async grantComplimentary(staff: SignedInStaff, personId: number, period: string, ip: string): Promise<{ expires: Date } | Refusal> {
      const refused = roleRefusal(staff, "grant-complimentary-memberships", "Complimentary memberships need the Membership role or above.");
      if (refused) return refused;
      if (period !== "month" && period !== "year") return refuse("invalid", "Choose how long the membership is for.", { errors: { period: ["Choose how long the membership is for."] } });
      const person = await personOr404(personId);
      if (isRefusal(person)) return person;
      const granted = await deps.grantComplimentary(personId, period);
      await deps.audit.record({
        event: "membership.complimentary-granted",
        actorId: null,
        staffActorId: staff.id,
        subjectId: personId,
        ip,
        details: { period },
        record: { type: "membership", id: granted.membershipId, before: granted.previousExpiry ? { expires: granted.previousExpiry } : null, after: { expires: granted.expires.toISOString() } },
      });
      return { expires: granted.expires };
    },

    /** What the erasure's confirmation page shows: who, and the schools they would leave without an admin. */
    async erasure(staff: SignedInStaff, personId: number): Promise<{ person: PersonDetails; soleAdminSchools: { name: string }[] } | Refusal> {
      const refused = roleRefusal(staff, "erase-accounts", "Erasing an account needs the Membership role or above.");
      if (refused) return refused;
      const person = await personOr404(personId);
      if (isRefusal(person)) return person;
      return { person, soleAdminSchools: await deps.soleAdminSchools(personId) };
    },

    /**
     * UK GDPR erasure, as "Delete my account" does it (their schools, notes,
     * saved resources, share links and requests go; orders stay, anonymised),
     * confirmed by typing the person's address.
     */
    async erase(staff: SignedInStaff, personId: number, typedEmail: string, ip: string): Promise<{ email: string } | Refusal> {
      const refused = roleRefusal(staff, "erase-accounts", "Erasing an account needs the Membership role or above.");
      if (refused) return refused;
      const person = await personOr404(personId);
      if (isRefusal(person)) return person;
      if (!person.Email || typedEmail.trim().toLowerCase() !== person.Email.toLowerCase()) {
        return refuse("invalid", ERASE_CONFIRMATION_MESSAGE, { errors: { email: [ERASE_CONFIRMATION_MESSAGE] } });
      }
      if (!(await deps.erase(personId, staff.id, ip))) return refuse("not-found", "We couldn't find that person. Their account may have been deleted.");
      return { email: person.Email };
    },

    async sendPasswordLink(staff: SignedInStaff, personId: number, ip: string): Promise<{ sentTo: string } | Refusal> {
      const refused = roleRefusal(staff, "resend-account-links");
      if (refused) return refused;
      const person = await personOr404(personId);
      if (isRefusal(person)) return person;
      if (!person.Email) return refuse("conflict", "This person has no email address to send a link to.", { rule: "has-address" });
      await deps.sendPasswordLink(person.Email);
      await record(staff, "person.password-link-sent", person, ip);
      return { sentTo: person.Email };
    },
  };
}

export type StaffPeopleDesk = ReturnType<typeof staffPeopleDesk>;

export const ERASE_CONFIRMATION_MESSAGE = "Type their email address exactly as it is shown, to confirm which account to erase.";


function roleLabel(ids: CrmIds, typeId: number): string {
  const types = ids.affiliationTypes;
  if (typeId === types.admin) return "Admin";
  if (typeId === types.user) return "User (holds a seat)";
  if (typeId === types.teacher) return "Teacher";
  return `Role ${typeId}`;
}

function membershipLine(ids: CrmIds, membership: MembershipSummary, now: Date) {
  return {
    id: membership.Id,
    level: levelName(ids.membershipLevels, membership.MembershipLevel.Id),
    startedOn: membership.InitiationDateTime,
    endsOn: membership.ExpirationDateTime,
    current: new Date(membership.ExpirationDateTime) > now,
  };
}

function schoolLine(ids: CrmIds, affiliation: Affiliation, now: Date) {
  return {
    affiliationId: affiliation.Id,
    schoolId: affiliation.GroupConstituent.Id,
    schoolName: affiliation.GroupConstituent.DisplayName,
    role: roleLabel(ids, affiliation.AffiliationType.Id),
    startedOn: affiliation.StartDate,
    endedOn: affiliation.EndDate,
    current: affiliation.EndDate === null || new Date(affiliation.EndDate) > now,
  };
}
