import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { SchoolsTable } from "./tables";

export type RegisteredSchool = Omit<SchoolsTable, "updated_at">;

const columns = ["constituent_id", "urn", "kind", "name", "street1", "street2", "street3", "city", "postcode"] as const;

/** The schools table: which CRM organisations are schools, with their URN, kind and address as search shows it. */
export class SchoolRegister {
  constructor(private readonly db: Kysely<Database>) {}

  async byUrns(urns: readonly string[]): Promise<Map<string, RegisteredSchool>> {
    const found = new Map<string, RegisteredSchool>();
    // Chunks keep each IN list well under SQLite's bound-parameter limit.
    for (let start = 0; start < urns.length; start += 500) {
      const rows = await this.db.selectFrom("schools").select(columns).where("urn", "in", urns.slice(start, start + 500)).execute();
      for (const row of rows) if (row.urn) found.set(row.urn, row);
    }
    return found;
  }

  async byConstituentId(constituentId: number): Promise<RegisteredSchool | undefined> {
    return this.db.selectFrom("schools").select(columns).where("constituent_id", "=", constituentId).executeTakeFirst();
  }

  /** A school entered by hand (no URN) under that name, if the register has one. */
  async handEnteredNamed(name: string): Promise<RegisteredSchool | undefined> {
    return this.db.selectFrom("schools").select(columns).where("urn", "is", null).where("name", "=", name).executeTakeFirst();
  }

  async save(school: RegisteredSchool, now: Date): Promise<void> {
    const { constituent_id: _key, ...changes } = { ...school, updated_at: now.toISOString() };
    await this.db
      .insertInto("schools")
      .values({ ...school, updated_at: changes.updated_at })
      .onConflict((conflict) => conflict.column("constituent_id").doUpdateSet(changes))
      .execute();
  }
}
