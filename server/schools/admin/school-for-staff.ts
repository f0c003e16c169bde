import type { Kysely } from "kysely";
import type { Affiliation, CrmIds, CrmPort, SeatBenefit } from "../../crm";
import type { Database } from "../../db/schema";
import type { Logger } from "../../logging";
import { levelRecordingSeats } from "../../domain/plans";
import { refuse, settle, type Refusal } from "../../shared/refusal";
import { SchoolRegister, type RegisteredSchool, type SchoolFinderQuery } from "../school-register";
import { currentMembership } from "../seats/school-seats";
import { withSchoolLock } from "../seats/seat-grants-lock";
import { roleOf, ROLE_LABELS } from "../seats/school-standing";
import { endAffiliationForStaff, makeAdminForStaff, type AdminGranted, type Removal } from "./school-admin-rules";

/*
 * What the back office's Schools pages read and change of a school
 * (docs/back-office.md, "Schools"): the register's record, its allowed email
 * domains (CRM attributes), its membership and seats, and who holds a role
 * there. The staff role is the caller's to check (server/staff/); the school
 * rules (a free seat, the school's lock) are the same ones the School tab uses.
 */

export interface SchoolForStaff {
  school: RegisteredSchool;
  /** Closed in the register: out of search and the wizard, its records kept. */
  closed: boolean;
  allowedDomains: string[];
  membership?: {
    id: number;
    levelId: number;
    startedOn: string;
    endsOn: string;
    userSeats: SeatCount;
    adminSeats: SeatCount;
  };
  people: SchoolPersonRow[];
}

export type SeatCount = { unlimited: true; used: number } | { unlimited: false; used: number; total: number };

export interface SchoolPersonRow {
  personId: number;
  name: string;
  /** One line per current affiliation: each can be ended on its own. */
  roles: { affiliationId: number; role: string; seat: boolean; isAdmin: boolean }[];
}

export interface SchoolForStaffDependencies {
  db: Kysely<Database>;
  crm: CrmPort;
  ids: CrmIds;
  logger: Logger;
}

export const UNKNOWN_SCHOOL_MESSAGE = "We couldn't find that school. It may have been merged into another.";

export function createSchoolForStaff(deps: SchoolForStaffDependencies) {
  const { crm, ids } = deps;
  const register = new SchoolRegister(deps.db);

  async function registered(schoolId: number): Promise<{ school: RegisteredSchool; closed: boolean } | undefined> {
    const open = await register.byConstituentId(schoolId);
    if (open) return { school: open, closed: false };
    const closed = await register.closedByConstituentId(schoolId);
    return closed && { school: closed, closed: true };
  }

  return {
    /** Schools by name, URN, postcode or email domain (a suggested one, or one staff have allowed). */
    async find(query: SchoolFinderQuery & { limit: number; offset: number }) {
      const text = query.text.trim().toLowerCase().replace(/^@/, "");
      const looksLikeDomain = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(text);
      const constituentIds = looksLikeDomain ? await crm.attributeHolders(ids.emailDomainKeywordId, [text, `@${text}`]) : [];
      return register.find({ ...query, constituentIds });
    },

    async school(schoolId: number, now: Date): Promise<SchoolForStaff | Refusal> {
      const found = await registered(schoolId);
      if (!found) return refuse("not-found", UNKNOWN_SCHOOL_MESSAGE);
      const [attributes, membership, affiliations] = await Promise.all([
        crm.attributes(schoolId, [ids.emailDomainKeywordId]),
        currentMembership(crm, schoolId, now),
        crm.affiliations({ groupConstituentId: schoolId, currentAt: now }),
      ]);
      const benefits = membership ? await crm.seatBenefits(membership.Id) : [];
      return {
        ...found,
        allowedDomains: attributes.map((attribute) => attribute.Value),
        membership: membership && {
          id: membership.Id,
          levelId: membership.MembershipLevel.Id,
          startedOn: membership.InitiationDateTime,
          endsOn: membership.ExpirationDateTime,
          userSeats: seatCount(benefits, ids.seatBenefits.userSeat, seatHolders(ids, affiliations, "user")),
          adminSeats: seatCount(benefits, ids.seatBenefits.adminSeat, seatHolders(ids, affiliations, "admin")),
        },
        people: peopleRows(ids, affiliations),
      };
    },

    /** Replaces the school's allowed email domains; answers them before and after. */
    async setAllowedDomains(schoolId: number, change: (before: readonly string[]) => string[]): Promise<{ before: string[]; after: string[] } | Refusal> {
      if (!(await registered(schoolId))) return refuse("not-found", UNKNOWN_SCHOOL_MESSAGE);
      const before = (await crm.attributes(schoolId, [ids.emailDomainKeywordId])).map((attribute) => attribute.Value);
      const after = change(before);
      await crm.replaceAttributes(schoolId, ids.emailDomainKeywordId, after);
      return { before, after };
    },

    makeAdmin: (target: { schoolId: number; personId: number }, now: Date): Promise<AdminGranted | Refusal> =>
      settle(() => makeAdminForStaff(deps, target, now)),

    endAffiliation: (request: { affiliationId: number; wholePerson: boolean }, now: Date): Promise<Removal | Refusal> =>
      settle(() => endAffiliationForStaff(deps, request, now)),

    /**
     * Sets the user seats of the school's current membership (and the level
     * that covers them), under the school's lock: never below the seats held.
     */
    async changeUserSeats(schoolId: number, users: number, now: Date): Promise<{ membershipId: number; before: number; after: number } | Refusal> {
      return withSchoolLock(deps.db, crm, schoolId, async (locked) => {
        const membership = await currentMembership(locked, schoolId, now);
        if (!membership) return refuse("conflict", "This school has no current membership. Create one first.", { rule: "valid-membership" });
        const benefits = await locked.seatBenefits(membership.Id);
        const seats = seatCount(benefits, ids.seatBenefits.userSeat, 0);
        if (seats.unlimited) return refuse("conflict", "This membership has unlimited seats: there is nothing to change.", { rule: "seat-limited" });
        if (users < seats.used) {
          const message = `${seats.used} people hold a seat now. End some of their places first, or choose ${seats.used} or more.`;
          return refuse("invalid", message, { errors: { users: [message] } });
        }
        const levelId = levelRecordingSeats(ids.membershipLevels, users).id;
        await locked.changeMembershipSeats(membership.Id, { levelId, seats: [{ benefitId: ids.seatBenefits.userSeat, available: users }] });
        return { membershipId: membership.Id, before: seats.total, after: users };
      });
    },
  };
}

export type SchoolForStaffDesk = ReturnType<typeof createSchoolForStaff>;

/** What merging a hand-entered school into its register record would move (the confirmation page says it). */
export interface SchoolMergePreview {
  from: RegisteredSchool;
  into: RegisteredSchool;
  /** People holding a role at the hand-entered school now. */
  people: number;
  memberships: number;
}

export const NOT_HAND_ENTERED_MESSAGE = "This school is from the register: only a school entered by hand can be merged into its register record.";

/**
 * Checks a merge of the hand-entered school `fromId` into the register's
 * school with this URN, and says what would move. Refused when the URN is
 * no open register school, and when both hold a current membership (one
 * must end or lapse first: two sets of seats cannot become one).
 */
export async function schoolMergePreview(deps: Pick<SchoolForStaffDependencies, "db" | "crm">, fromId: number, urn: string, now: Date): Promise<SchoolMergePreview | Refusal> {
  const register = new SchoolRegister(deps.db);
  const from = await register.byConstituentId(fromId);
  if (!from) return refuse("not-found", UNKNOWN_SCHOOL_MESSAGE);
  if (from.urn !== null) return refuse("conflict", NOT_HAND_ENTERED_MESSAGE, { rule: "hand-entered" });
  const typed = urn.trim();
  const into = /^\d{5,7}$/.test(typed) ? (await register.byUrns([typed])).get(typed) : undefined;
  if (!into) {
    const message = typed ? `No open school in the register has URN ${typed}. Check it on Get Information about Schools.` : "Enter the URN of its record in the register.";
    return refuse("invalid", message, { errors: { urn: [message] } });
  }
  const [fromMembership, intoMembership, affiliations, memberships] = await Promise.all([
    currentMembership(deps.crm, fromId, now),
    currentMembership(deps.crm, into.constituent_id, now),
    deps.crm.affiliations({ groupConstituentId: fromId, currentAt: now }),
    deps.crm.memberships(fromId),
  ]);
  if (fromMembership && intoMembership) {
    return refuse("conflict", `Both schools have a current membership. End one (from its page) before merging, so their seats are not counted twice.`, { rule: "one-current-membership" });
  }
  return { from, into, people: new Set(affiliations.map((affiliation) => affiliation.IndividualConstituent.Id)).size, memberships: memberships.length };
}

/** The schools capability's share of a merge, in the caller's transaction: pending invites follow the school; the hand-entered row and its creator go. */
export async function absorbHandEnteredSchool(db: Kysely<Database>, fromId: number, intoId: number): Promise<{ invites: number }> {
  const invites = await db.updateTable("school_invites").set({ school_id: intoId }).where("school_id", "=", fromId).executeTakeFirst();
  await db.deleteFrom("organisation_creators").where("organisation_id", "=", fromId).execute();
  await db.deleteFrom("schools").where("constituent_id", "=", fromId).where("urn", "is", null).execute();
  return { invites: Number(invites.numUpdatedRows) };
}

/** A benefit's seats: a limited one counts its own use (pending invites hold seats too); an unlimited one, the people holding one. */
function seatCount(benefits: readonly SeatBenefit[], benefitId: number, holders: number): SeatCount {
  const benefit = benefits.find((candidate) => candidate.Benefit.Id === benefitId);
  if (!benefit) return { unlimited: false, used: 0, total: 0 };
  if (benefit.MembershipLevelBenefit.UnlimitedIndicator) return { unlimited: true, used: holders };
  return { unlimited: false, used: benefit.TotalAvailable - benefit.TotalRemaining, total: benefit.TotalAvailable };
}

function seatHolders(ids: CrmIds, affiliations: readonly Affiliation[], seat: "user" | "admin"): number {
  return affiliations.filter((affiliation) => affiliation.Salary !== null && (roleOf(ids, affiliation) === "admin") === (seat === "admin")).length;
}

function peopleRows(ids: CrmIds, affiliations: readonly Affiliation[]): SchoolPersonRow[] {
  const byPerson = new Map<number, SchoolPersonRow>();
  for (const affiliation of affiliations) {
    const role = roleOf(ids, affiliation);
    if (!role) continue;
    const personId = affiliation.IndividualConstituent.Id;
    const row = byPerson.get(personId) ?? { personId, name: affiliation.IndividualConstituent.DisplayName, roles: [] };
    row.roles.push({ affiliationId: affiliation.Id, role: ROLE_LABELS[role], seat: affiliation.Salary !== null, isAdmin: role === "admin" });
    byPerson.set(personId, row);
  }
  return [...byPerson.values()].sort((a, b) => a.name.localeCompare(b.name, "en-GB"));
}
