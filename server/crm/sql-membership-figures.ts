import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { CrmIds } from "./crm-ids";
import type { CrmPort } from "./crm-port";
import { membershipSummaries, membershipSummaryOf } from "./sql-memberships";

/**
 * The back office's membership counts (CrmPort.membershipFigures), its
 * members export (CrmPort.currentMembers) and the reminders' memberships
 * ending soon (CrmPort.membershipsEndingBetween) in the embedded CRM, from one
 * definition of who is a member: their own membership, or a role at a school
 * with one. A membership is current while its expiry is
 * later than now (contracts/rules/membership-validity.ts);
 * the schools-with-seats export (CrmPort.currentSchoolMemberships) reads the
 * same definition of a school's current membership; a role at a school
 * counts while it has started and not ended.
 */
/** People's own memberships current at `at` (erased people left out). */
export function ownMembershipsAt(db: Kysely<Database>, at: string) {
  return db
    .selectFrom("memberships")
    .innerJoin("constituents", "constituents.id", "memberships.constituent_id")
    .where("constituents.kind", "=", "individual")
    .where("constituents.deleted_at", "is", null)
    .where("memberships.expires_at", ">", at);
}

/** A role at a school, started and not ended at `at`, with that school's membership current then. */
export function schoolMembershipsAt(db: Kysely<Database>, ids: CrmIds, at: string) {
  return db
    .selectFrom("affiliations")
    .innerJoin("memberships", "memberships.constituent_id", "affiliations.group_constituent_id")
    .innerJoin("constituents", "constituents.id", "affiliations.individual_constituent_id")
    .where("constituents.deleted_at", "is", null)
    .where("affiliations.affiliation_type_id", "in", [ids.affiliationTypes.teacher, ids.affiliationTypes.user, ids.affiliationTypes.admin])
    .where("affiliations.start_date", "<=", at)
    .where((eb) => eb.or([eb("affiliations.end_date", "is", null), eb("affiliations.end_date", ">", at)]))
    .where("memberships.expires_at", ">", at);
}

export function sqlMembershipFigures(db: Kysely<Database>, ids: CrmIds): Pick<CrmPort, "membershipFigures" | "currentMembers" | "currentSchoolMemberships" | "membershipsEndingBetween"> {
  const count = (row: { count: number | string | bigint } | undefined) => Number(row?.count ?? 0);

  const ownMemberships = (at: string) => ownMembershipsAt(db, at);
  const schoolMemberships = (at: string) => schoolMembershipsAt(db, ids, at);
  const memberColumns = [
    "constituents.id as person_id",
    "constituents.first_name",
    "constituents.last_name",
    "constituents.email",
    "memberships.id as membership_id",
    "memberships.membership_level_id as level_id",
    "memberships.expires_at",
  ] as const;

  return {
    async currentMembers(now, after, limit) {
      const at = now.toISOString();
      const own = ownMemberships(at).select([...memberColumns, sql<number | null>`null`.as("school_id"), sql<string | null>`null`.as("school_name")]);
      const throughSchool = schoolMemberships(at)
        .innerJoin("constituents as school", "school.id", "affiliations.group_constituent_id")
        .select([...memberColumns, "school.id as school_id", "school.last_name as school_name"]);
      // UNION keeps one row per person and membership, however many roles make them a member through it.
      let rows = db.selectFrom(own.union(throughSchool).as("members")).selectAll();
      if (after) {
        rows = rows.where((eb) =>
          eb.or([eb("person_id", ">", after.personId), eb.and([eb("person_id", "=", after.personId), eb("membership_id", ">", after.membershipId)])]),
        );
      }
      const found = await rows.orderBy("person_id").orderBy("membership_id").limit(limit).execute();
      return found.map((row) => ({
        PersonId: Number(row.person_id),
        FirstName: row.first_name,
        LastName: row.last_name,
        Email: row.email,
        MembershipId: Number(row.membership_id),
        LevelId: Number(row.level_id),
        ExpirationDateTime: row.expires_at,
        School: row.school_id === null ? null : { Id: Number(row.school_id), Name: row.school_name ?? "" },
      }));
    },

    async currentSchoolMemberships(now, afterSchoolId, limit) {
      const at = now.toISOString();
      let schools = db
        .selectFrom("memberships")
        .innerJoin("constituents", "constituents.id", "memberships.constituent_id")
        .where("constituents.kind", "=", "organisation")
        .where("memberships.expires_at", ">", at)
        .select(["constituents.id", "constituents.last_name"])
        .groupBy(["constituents.id", "constituents.last_name"]);
      if (afterSchoolId !== null) schools = schools.where("constituents.id", ">", afterSchoolId);
      const found = await schools.orderBy("constituents.id").limit(limit).execute();
      if (found.length === 0) return [];
      const schoolIds = found.map((school) => Number(school.id));
      const memberships = await db
        .selectFrom("memberships")
        .select(["id", "constituent_id", "membership_level_id", "expires_at"])
        .where("constituent_id", "in", schoolIds)
        .where("expires_at", ">", at)
        .orderBy("expires_at")
        .orderBy("id")
        .execute();
      // Ordered by expiry: the last one seen for a school is the one that ends last.
      const membershipOf = new Map(memberships.map((membership) => [Number(membership.constituent_id), membership]));
      const membershipIds = [...membershipOf.values()].map((membership) => membership.id);
      const [benefits, admins] = await Promise.all([
        db.selectFrom("membership_benefits").selectAll().where("membership_id", "in", membershipIds).orderBy("id").execute(),
        db
          .selectFrom("affiliations")
          .innerJoin("constituents", "constituents.id", "affiliations.individual_constituent_id")
          .select(["affiliations.group_constituent_id as school_id", "constituents.email"])
          .where("affiliations.group_constituent_id", "in", schoolIds)
          .where("affiliations.affiliation_type_id", "=", ids.affiliationTypes.admin)
          .where("affiliations.start_date", "<=", at)
          .where((eb) => eb.or([eb("affiliations.end_date", "is", null), eb("affiliations.end_date", ">", at)]))
          .where("constituents.deleted_at", "is", null)
          .orderBy("constituents.id")
          .execute(),
      ]);
      return found.map((school) => {
        const membership = membershipOf.get(Number(school.id))!;
        return {
          SchoolId: Number(school.id),
          SchoolName: school.last_name,
          MembershipId: Number(membership.id),
          LevelId: membership.membership_level_id,
          ExpirationDateTime: membership.expires_at,
          Seats: benefits
            .filter((benefit) => Number(benefit.membership_id) === Number(membership.id))
            .map((benefit) => ({ BenefitId: benefit.benefit_id, Unlimited: benefit.unlimited_indicator === 1, TotalAvailable: benefit.total_available, TotalUsed: benefit.total_used })),
          AdminEmails: [...new Set(admins.filter((admin) => Number(admin.school_id) === Number(school.id) && admin.email).map((admin) => admin.email!))],
        };
      });
    },

    async membershipsEndingBetween(from, to) {
      const rows = await membershipSummaries(db)
        .where("constituents.deleted_at", "is", null)
        .where("memberships.expires_at", ">", from.toISOString())
        .where("memberships.expires_at", "<=", to.toISOString())
        .orderBy("memberships.expires_at")
        .orderBy("memberships.id")
        .execute();
      return rows.map((row) => ({
        ...membershipSummaryOf(row),
        ConstituentType: { Id: row.kind === "organisation" ? ids.constituentTypes.organisation : ids.constituentTypes.individual },
      }));
    },

    async membershipFigures(now, until) {
      const at = now.toISOString();
      const ownMembers = ownMemberships(at).select("constituents.id as person_id");
      const schoolMembers = schoolMemberships(at).select("constituents.id as person_id");
      const [members, schools, expiring] = await Promise.all([
        // UNION (not UNION ALL) keeps each person once, however many ways they are a member.
        db.selectFrom(ownMembers.union(schoolMembers).as("members")).select((eb) => eb.fn.countAll().as("count")).executeTakeFirst(),
        db
          .selectFrom("memberships")
          .innerJoin("constituents", "constituents.id", "memberships.constituent_id")
          .select((eb) => eb.fn.count("memberships.constituent_id").distinct().as("count"))
          .where("constituents.kind", "=", "organisation")
          .where("memberships.expires_at", ">", at)
          .executeTakeFirst(),
        db
          .selectFrom("memberships")
          .select((eb) => eb.fn.countAll().as("count"))
          .where("expires_at", ">", at)
          .where("expires_at", "<=", until.toISOString())
          .executeTakeFirst(),
      ]);
      return { members: count(members), schoolsWithCurrentMembership: count(schools), membershipsExpiring: count(expiring) };
    },
  };
}
