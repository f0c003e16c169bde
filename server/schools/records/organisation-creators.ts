import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/** Who created which organisation by hand (migration 0013): the person allowed to change its addresses. */
export class OrganisationCreators {
  constructor(private readonly db: Kysely<Database>) {}

  async record(organisationId: number, createdBy: number, now: Date): Promise<void> {
    await this.db.insertInto("organisation_creators").values({ organisation_id: organisationId, created_by: createdBy, created_at: now.toISOString() }).execute();
  }

  async createdBy(organisationId: number): Promise<number | undefined> {
    const row = await this.db.selectFrom("organisation_creators").select("created_by").where("organisation_id", "=", organisationId).executeTakeFirst();
    return row?.created_by;
  }
}
