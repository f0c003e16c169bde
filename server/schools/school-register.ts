import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { SchoolsTable } from "./tables";

export type RegisteredSchool = Pick<SchoolsTable, "constituent_id" | "urn" | "kind" | "name">;

/** The schools table: which CRM organisations are schools, with their URN and kind. */
export class SchoolRegister {
  constructor(private readonly db: Kysely<Database>) {}

  async byUrns(urns: readonly string[]): Promise<Map<string, RegisteredSchool>> {
    const found = new Map<string, RegisteredSchool>();
    // Chunks keep each IN list well under SQLite's bound-parameter limit.
    for (let start = 0; start < urns.length; start += 500) {
      const rows = await this.db
        .selectFrom("schools")
        .select(["constituent_id", "urn", "kind", "name"])
        .where("urn", "in", urns.slice(start, start + 500))
        .execute();
      for (const row of rows) if (row.urn) found.set(row.urn, row);
    }
    return found;
  }

  async byConstituentId(constituentId: number): Promise<RegisteredSchool | undefined> {
    return this.db.selectFrom("schools").select(["constituent_id", "urn", "kind", "name"]).where("constituent_id", "=", constituentId).executeTakeFirst();
  }

  async save(school: RegisteredSchool, now: Date): Promise<void> {
    const values = { ...school, updated_at: now.toISOString() };
    await this.db
      .insertInto("schools")
      .values(values)
      .onConflict((conflict) => conflict.column("constituent_id").doUpdateSet({ urn: values.urn, kind: values.kind, name: values.name, updated_at: values.updated_at }))
      .execute();
  }
}
