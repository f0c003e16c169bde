import type { Kysely } from "kysely";
import { hotQuery } from "../db/hot-query";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import type { Affiliation, CrmPort } from "./crm-port";
import { displayNameOf, sortNameOf } from "./display-names";

type AffiliationRecords = Pick<CrmPort, "affiliations" | "affiliation" | "createAffiliation" | "endAffiliation">;

/** Who belongs to which organisation, in which role, in the embedded CRM. */
export function sqlAffiliationRecords(
  db: Kysely<Database>,
  seatsIn: (executor: Kysely<Database>) => Pick<CrmPort, "releaseSeat">,
): AffiliationRecords {
  const rows = (executor: Kysely<Database> = db) =>
    executor
      .selectFrom("affiliations")
      .innerJoin("constituents as organisation", "organisation.id", "affiliations.group_constituent_id")
      .innerJoin("constituents as person", "person.id", "affiliations.individual_constituent_id")
      .select([
        "affiliations.id",
        "affiliations.affiliation_type_id",
        "affiliations.start_date",
        "affiliations.end_date",
        "affiliations.benefit_usage_id",
        "affiliations.is_included_in_search_results",
        "organisation.id as organisation_id",
        "organisation.kind as organisation_kind",
        "organisation.first_name as organisation_first_name",
        "organisation.last_name as organisation_last_name",
        "person.id as person_id",
        "person.kind as person_kind",
        "person.first_name as person_first_name",
        "person.last_name as person_last_name",
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof rows>["executeTakeFirstOrThrow"]>>;
  const affiliationOf = (row: Row): Affiliation => {
    const organisation = { kind: row.organisation_kind, first_name: row.organisation_first_name, last_name: row.organisation_last_name };
    const person = { kind: row.person_kind, first_name: row.person_first_name, last_name: row.person_last_name };
    return {
      Id: row.id,
      AffiliationType: { Id: row.affiliation_type_id },
      GroupConstituent: { Id: row.organisation_id, DisplayName: displayNameOf(organisation), SortName: sortNameOf(organisation) },
      IndividualConstituent: { Id: row.person_id, DisplayName: displayNameOf(person), SortName: sortNameOf(person) },
      IsIncludedInSearchResults: row.is_included_in_search_results === 1,
      StartDate: row.start_date,
      EndDate: row.end_date,
      Salary: row.benefit_usage_id,
    };
  };

  /** The list query for each combination of filters, built and compiled once (db/hot-query.ts): My account lists them on every view. */
  const listQueries = new Map<string, (executor: Kysely<Database>, groupId: number, individualId: number, at: string) => Promise<Row[]>>();
  const affiliationsListed = (byGroup: boolean, byIndividual: boolean, currentOnly: boolean) => {
    const key = `${byGroup} ${byIndividual} ${currentOnly}`;
    let listed = listQueries.get(key);
    if (!listed) {
      listed = hotQuery((executor: Kysely<Database>, groupId: number, individualId: number, at: string) => {
        let select = rows(executor);
        if (byGroup) select = select.where("affiliations.group_constituent_id", "=", groupId);
        if (byIndividual) select = select.where("affiliations.individual_constituent_id", "=", individualId);
        if (currentOnly) {
          select = select
            .where("affiliations.start_date", "<=", at)
            .where((eb) => eb.or([eb("affiliations.end_date", "is", null), eb("affiliations.end_date", ">", at)]));
        }
        return select.orderBy("affiliations.id");
      });
      listQueries.set(key, listed);
    }
    return listed;
  };

  return {
    async affiliations(query) {
      const { groupConstituentId, individualConstituentId, currentAt } = query;
      const listed = affiliationsListed(groupConstituentId !== undefined, individualConstituentId !== undefined, Boolean(currentAt));
      return (await listed(db, groupConstituentId ?? 0, individualConstituentId ?? 0, currentAt?.toISOString() ?? "")).map(affiliationOf);
    },

    async affiliation(id) {
      const row = await rows().where("affiliations.id", "=", id).executeTakeFirst();
      return row && affiliationOf(row);
    },

    async createAffiliation(affiliation, now) {
      const { id } = await db
        .insertInto("affiliations")
        .values({
          affiliation_type_id: affiliation.affiliationTypeId,
          group_constituent_id: affiliation.groupConstituentId,
          individual_constituent_id: affiliation.individualConstituentId,
          start_date: affiliation.startDate.toISOString(),
          end_date: affiliation.endDate?.toISOString() ?? null,
          benefit_usage_id: affiliation.benefitUsageId,
          created_at: now.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { Id: id };
    },

    async endAffiliation(id, endDate) {
      // One transaction: an affiliation never ends without its seat coming back, nor the other way round.
      await inTransaction(db, async (trx) => {
        const ended = await trx
          .updateTable("affiliations")
          .set({ end_date: endDate.toISOString() })
          .where("id", "=", id)
          .returning("benefit_usage_id")
          .executeTakeFirst();
        if (ended?.benefit_usage_id) await seatsIn(trx).releaseSeat(ended.benefit_usage_id);
      });
    },
  };
}
