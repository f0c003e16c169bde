import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { CrmIds } from "../crm-ids";
import type { ConstituentId, CrmPort, CurrentMember, EndingMembership, MembershipSummary } from "../crm-port";
import type { TessituraAffiliation } from "./affiliations";
import type { TessituraClient } from "./http-client";

/*
 * The back office's membership reports over Tessitura (docs/crm.md, "The
 * Tessitura adapter": membership reports). Tessitura 15.2's REST API lists
 * memberships only per constituent (/CRM/Memberships/Details), never all of
 * them, so the reports read the memberships of every holder the site has met
 * (tessitura_membership_holders, migration 0041: every membership the site
 * created or listed), asking Tessitura about each holder: a membership made
 * in Tessitura for a constituent the site has never listed is not in them.
 * Who is a member is the embedded CRM's definition (sql-membership-figures.ts):
 * a person's own current membership, or a current role (teacher, user,
 * admin) at a school with one; a membership is current while its expiry is
 * later than now. Erased people (CrmIds.erasedConstituent) are left out.
 */

type Reports = Pick<CrmPort, "currentMembers" | "currentSchoolMemberships" | "membershipsEndingBetween" | "membershipFigures">;

export interface MembershipReports extends Reports {
  /** Whether a person is a member at `at`, asking Tessitura about them and their schools (the people finder's filter). */
  isMemberAt(personId: ConstituentId, at: Date): Promise<boolean>;
  /** The people who are members at `at`, by id (the people finder's current members with no words typed). */
  memberIdsAt(at: Date): Promise<ConstituentId[]>;
}

interface TessituraConstituent {
  Id: number;
  ConstituentType?: { Id: number };
  Inactive?: { Id: number };
  FirstName?: string;
  LastName?: string;
  DisplayName?: string;
}

interface Held {
  constituent: TessituraConstituent;
  memberships: MembershipSummary[];
}

/** How many ids one /CRM/Constituents or /CRM/ElectronicAddresses call asks about. */
const BATCH = 50;
/** How many calls to Tessitura one report has in flight at once. */
const PARALLEL = 4;

/** `work` on each item, a few at a time (PARALLEL), answers in the items' order. */
export async function eachLimited<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  return results;
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH) out.push(items.slice(start, start + BATCH));
  return out;
}

const expiry = (membership: MembershipSummary) => Date.parse(membership.ExpirationDateTime);
const currentAt = (membership: MembershipSummary, at: Date) => expiry(membership) > at.getTime();

export function tessituraMembershipReports(
  client: TessituraClient,
  ids: CrmIds,
  db: Kysely<Database>,
  memberships: (constituentId: ConstituentId) => Promise<MembershipSummary[]>,
): MembershipReports {
  const roles = new Set([ids.affiliationTypes.teacher, ids.affiliationTypes.user, ids.affiliationTypes.admin]);
  const erased = (row: TessituraConstituent | undefined) => row?.Inactive?.Id === ids.erasedConstituent.inactiveId;
  const isIndividual = (row: TessituraConstituent | undefined) => row?.ConstituentType?.Id === ids.constituentTypes.individual;
  const isOrganisation = (row: TessituraConstituent | undefined) => row?.ConstituentType?.Id === ids.constituentTypes.organisation;

  const constituents = async (wanted: readonly number[]): Promise<Map<number, TessituraConstituent>> => {
    const found = new Map<number, TessituraConstituent>();
    const batches = await eachLimited(chunks([...new Set(wanted)]), (batch) =>
      client.request<TessituraConstituent[]>("GET", "/CRM/Constituents", { query: { constituentIds: batch.join(",") } }),
    );
    for (const row of batches.flatMap((batch) => batch ?? [])) found.set(row.Id, row);
    return found;
  };

  /** Each person's primary email (active), for the exports. */
  const primaryEmails = async (people: readonly number[]): Promise<Map<number, string>> => {
    const found = new Map<number, string>();
    const batches = await eachLimited(chunks([...new Set(people)]), (batch) =>
      client.request<{ Address?: string; Constituent?: { Id: number }; PrimaryIndicator?: boolean; Inactive?: boolean }[]>("GET", "/CRM/ElectronicAddresses", {
        query: { constituentIds: batch.join(","), includeAffiliations: "false" },
      }),
    );
    for (const row of batches.flatMap((batch) => batch ?? [])) {
      if (row.PrimaryIndicator && !row.Inactive && row.Address && row.Constituent) found.set(row.Constituent.Id, row.Address);
    }
    return found;
  };

  /** Every holder the site has met, with their memberships as Tessitura lists them now. */
  const held = async (): Promise<Held[]> => {
    const rows = await db.selectFrom("tessitura_membership_holders").select("constituent_id").distinct().orderBy("constituent_id").execute();
    const holderIds = rows.map((row) => Number(row.constituent_id));
    const found = await constituents(holderIds);
    const lists = await eachLimited(holderIds, (id) => (found.has(id) ? memberships(id) : Promise.resolve([])));
    return holderIds.flatMap((id, index) => (found.has(id) ? [{ constituent: found.get(id)!, memberships: lists[index]! }] : []));
  };

  /** A role that makes its holder a member through the school's membership, started and not ended at `at`. */
  const isCurrentRole = (row: TessituraAffiliation, at: Date) =>
    row.IndividualConstituent !== undefined &&
    row.GroupConstituent !== undefined &&
    roles.has(row.AffiliationType?.Id ?? 0) &&
    !row.Inactive &&
    (!row.StartDate || Date.parse(row.StartDate) <= at.getTime()) &&
    (!row.EndDate || Date.parse(row.EndDate) > at.getTime());

  /** A school's current roles (teacher, user, admin) at `at`, with the people who hold them (not erased). */
  const currentRoles = async (schoolId: number, at: Date): Promise<TessituraAffiliation[]> => {
    const rows = (await client.request<TessituraAffiliation[]>("GET", "/CRM/Affiliations", { query: { groupConstituentId: schoolId } })) ?? [];
    return rows.filter((row) => row.GroupConstituent?.Id === schoolId && isCurrentRole(row, at));
  };

  /** Who is a member at `at`, one row per person and membership (before names and emails are added), by person then membership. */
  const memberRows = async (at: Date, all: Held[]) => {
    const rows = new Map<string, { personId: number; membership: MembershipSummary; school: TessituraConstituent | null }>();
    for (const holder of all) {
      if (!isIndividual(holder.constituent) || erased(holder.constituent)) continue;
      for (const membership of holder.memberships.filter((row) => currentAt(row, at))) {
        rows.set(`${holder.constituent.Id}:${membership.Id}`, { personId: holder.constituent.Id, membership, school: null });
      }
    }
    // A school's membership makes its people members: any holder that is not a person (a school is an organisation).
    const schools = all.filter((holder) => !isIndividual(holder.constituent) && holder.memberships.some((row) => currentAt(row, at)));
    const rolesBySchool = await eachLimited(schools, (school) => currentRoles(school.constituent.Id, at));
    const people = await constituents(rolesBySchool.flat().map((role) => role.IndividualConstituent!.Id));
    schools.forEach((school, index) => {
      for (const role of rolesBySchool[index]!) {
        const person = people.get(role.IndividualConstituent!.Id);
        if (!person || !isIndividual(person) || erased(person)) continue;
        for (const membership of school.memberships.filter((row) => currentAt(row, at))) {
          const key = `${person.Id}:${membership.Id}`;
          if (!rows.has(key)) rows.set(key, { personId: person.Id, membership, school: school.constituent });
        }
      }
    });
    const sorted = [...rows.values()].sort((a, b) => a.personId - b.personId || a.membership.Id - b.membership.Id);
    return { sorted, people, holders: new Map(all.map((holder) => [holder.constituent.Id, holder.constituent])) };
  };

  return {
    async currentMembers(now, after, limit) {
      const { sorted, people, holders } = await memberRows(now, await held());
      const page = sorted
        .filter((row) => !after || row.personId > after.personId || (row.personId === after.personId && row.membership.Id > after.membershipId))
        .slice(0, limit);
      const emails = await primaryEmails(page.map((row) => row.personId));
      return page.map((row): CurrentMember => {
        const person = people.get(row.personId) ?? holders.get(row.personId);
        return {
          PersonId: row.personId,
          FirstName: person?.FirstName ?? "",
          LastName: person?.LastName ?? "",
          Email: emails.get(row.personId) ?? null,
          MembershipId: row.membership.Id,
          LevelId: row.membership.MembershipLevel.Id,
          ExpirationDateTime: row.membership.ExpirationDateTime,
          School: row.school ? { Id: row.school.Id, Name: row.school.LastName ?? row.school.DisplayName ?? "" } : null,
        };
      });
    },

    async currentSchoolMemberships(now, afterSchoolId, limit) {
      const schools = (await held())
        .filter((holder) => isOrganisation(holder.constituent) && holder.constituent.Id > (afterSchoolId ?? -Infinity))
        .map((holder) => ({ school: holder.constituent, current: holder.memberships.filter((row) => currentAt(row, now)) }))
        .filter((holder) => holder.current.length > 0)
        .slice(0, limit);
      if (schools.length === 0) return [];
      // The membership that ends last (the later id when two end together), as the embedded CRM picks it.
      const chosen = schools.map(({ current }) => current.reduce((last, row) => (expiry(row) > expiry(last) || (expiry(row) === expiry(last) && row.Id > last.Id) ? row : last)));
      const seats = await db
        .selectFrom("tessitura_seat_benefits")
        .selectAll()
        .where(
          "membership_id",
          "in",
          chosen.map((membership) => membership.Id),
        )
        .orderBy("id")
        .execute();
      const adminRoles = await eachLimited(schools, ({ school }) => currentRoles(school.Id, now));
      const admins = adminRoles.map((rows) => rows.filter((row) => row.AffiliationType?.Id === ids.affiliationTypes.admin).map((row) => row.IndividualConstituent!.Id));
      const [people, emails] = await Promise.all([constituents(admins.flat()), primaryEmails(admins.flat())]);
      return schools.map(({ school }, index) => {
        const membership = chosen[index]!;
        const adminIds = [...new Set(admins[index])].filter((id) => !erased(people.get(id))).sort((a, b) => a - b);
        return {
          SchoolId: school.Id,
          SchoolName: school.LastName ?? school.DisplayName ?? "",
          MembershipId: membership.Id,
          LevelId: membership.MembershipLevel.Id,
          ExpirationDateTime: membership.ExpirationDateTime,
          Seats: seats
            .filter((seat) => Number(seat.membership_id) === membership.Id)
            .map((seat) => ({ BenefitId: seat.benefit_id, Unlimited: seat.unlimited_indicator === 1, TotalAvailable: seat.total_available, TotalUsed: seat.total_used })),
          AdminEmails: [...new Set(adminIds.flatMap((id) => (emails.has(id) ? [emails.get(id)!] : [])))],
        };
      });
    },

    async membershipsEndingBetween(from, to) {
      const ending: EndingMembership[] = [];
      for (const holder of await held()) {
        if (erased(holder.constituent)) continue;
        for (const membership of holder.memberships) {
          if (expiry(membership) > from.getTime() && expiry(membership) <= to.getTime()) {
            ending.push({ ...membership, ConstituentType: { Id: holder.constituent.ConstituentType?.Id ?? 0 } });
          }
        }
      }
      return ending.sort((a, b) => expiry(a) - expiry(b) || a.Id - b.Id);
    },

    async membershipFigures(now, until) {
      const all = await held();
      const { sorted } = await memberRows(now, all);
      const schools = all.filter((holder) => isOrganisation(holder.constituent) && holder.memberships.some((row) => currentAt(row, now)));
      const expiring = all.flatMap((holder) => holder.memberships).filter((row) => currentAt(row, now) && expiry(row) <= until.getTime());
      return { members: new Set(sorted.map((row) => row.personId)).size, schoolsWithCurrentMembership: schools.length, membershipsExpiring: expiring.length };
    },

    async isMemberAt(personId, at) {
      if ((await memberships(personId)).some((row) => currentAt(row, at))) return true;
      const roleRows = (await client.request<TessituraAffiliation[]>("GET", "/CRM/Affiliations", { query: { individualConstituentId: personId } })) ?? [];
      const schools = new Set(
        roleRows.filter((row) => row.IndividualConstituent?.Id === personId && isCurrentRole(row, at)).map((row) => row.GroupConstituent!.Id),
      );
      for (const school of schools) if ((await memberships(school)).some((row) => currentAt(row, at))) return true;
      return false;
    },

    async memberIdsAt(at) {
      return [...new Set((await memberRows(at, await held())).sorted.map((row) => row.personId))];
    },
  };
}
