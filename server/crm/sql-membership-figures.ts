import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { CrmIds } from "./crm-ids";
import type { CrmPort } from "./crm-port";

/**
 * The back office dashboard's membership counts in the embedded CRM
 * (CrmPort.membershipFigures). A membership is current while its expiry is
 * later than now (contracts/rules/membership-validity.ts); a role at a school
 * counts while it has started and not ended.
 */
export function sqlMembershipFigures(db: Kysely<Database>, ids: CrmIds): Pick<CrmPort, "membershipFigures"> {
  const roleTypes = [ids.affiliationTypes.teacher, ids.affiliationTypes.user, ids.affiliationTypes.admin];
  const count = (row: { count: number | string | bigint } | undefined) => Number(row?.count ?? 0);

  return {
    async membershipFigures(now, until) {
      const at = now.toISOString();
      const ownMembers = db
        .selectFrom("memberships")
        .innerJoin("constituents", "constituents.id", "memberships.constituent_id")
        .select("constituents.id as person_id")
        .where("constituents.kind", "=", "individual")
        .where("constituents.deleted_at", "is", null)
        .where("memberships.expires_at", ">", at);
      const schoolMembers = db
        .selectFrom("affiliations")
        .innerJoin("memberships", "memberships.constituent_id", "affiliations.group_constituent_id")
        .innerJoin("constituents", "constituents.id", "affiliations.individual_constituent_id")
        .select("constituents.id as person_id")
        .where("constituents.deleted_at", "is", null)
        .where("affiliations.affiliation_type_id", "in", roleTypes)
        .where("affiliations.start_date", "<=", at)
        .where((eb) => eb.or([eb("affiliations.end_date", "is", null), eb("affiliations.end_date", ">", at)]))
        .where("memberships.expires_at", ">", at);
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
