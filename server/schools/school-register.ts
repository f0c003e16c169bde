import { sql, type Kysely, type Selectable } from "kysely";
import { searchWords, wordInColumns } from "../db/words-search";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import type { SchoolKind } from "./school-kind";
import type { SchoolsTable } from "./tables";

/** The register's own fields, kept as they are when a save omits them (a school entered by hand has none). */
type WebsiteFields = "website" | "suggested_email_domain" | "suggested_email_domain_source";

/** A register school: its row, without the bookkeeping, and with the website fields optional. */
export type RegisteredSchool = Omit<Selectable<SchoolsTable>, WebsiteFields | "updated_at"> & Partial<Pick<Selectable<SchoolsTable>, WebsiteFields>>;

const columns = [
  "constituent_id",
  "urn",
  "kind",
  "name",
  "street1",
  "street2",
  "street3",
  "city",
  "postcode",
  "website",
  "suggested_email_domain",
  "suggested_email_domain_source",
] as const;

/** The Department's URNs are 6 digits today; 7-digit URNs from 9000000 are the demo's (docs/schools.md, "Demo URNs"). */
export const DEMO_URN_FIRST = 9_000_000;
export const DEMO_URN_LAST = 9_999_999;

export function isDemoUrn(urn: string): boolean {
  return /^\d{7}$/.test(urn) && Number(urn) >= DEMO_URN_FIRST && Number(urn) <= DEMO_URN_LAST;
}

/** Which URNs an import speaks for: the Department's register never closes a demo school, and the demo never touches a real one. */
export type UrnScope = "register" | "demo";

export function urnInScope(urn: string, scope: UrnScope): boolean {
  return isDemoUrn(urn) === (scope === "demo");
}

/** Whether the register holds any school, open or closed: a database with the real register is not empty. */
export async function registerHoldsSchools(db: Kysely<Database>): Promise<boolean> {
  const open = await db.selectFrom("schools").select("constituent_id").limit(1).executeTakeFirst();
  if (open) return true;
  return (await db.selectFrom("closed_schools").select("constituent_id").limit(1).executeTakeFirst()) !== undefined;
}

/** The back office's school finder: the text, and which schools to show (a kind, or those entered by hand); undefined: all. */
export interface SchoolFinderQuery {
  text: string;
  show?: SchoolKind | "hand-entered";
}

/**
 * The schools table: which CRM organisations are schools, with their URN,
 * kind and address as search shows it; and closed_schools, those the
 * register no longer lists as open (out of search and the wizard).
 */
export class SchoolRegister {
  constructor(private readonly db: Kysely<Database>) {}

  /** Open schools by URN. */
  async byUrns(urns: readonly string[]): Promise<Map<string, RegisteredSchool>> {
    return this.fromTableByUrns("schools", urns);
  }

  /** Closed schools by URN, for an import that finds one open again. */
  async closedByUrns(urns: readonly string[]): Promise<Map<string, RegisteredSchool>> {
    return this.fromTableByUrns("closed_schools", urns);
  }

  private async fromTableByUrns(table: "schools" | "closed_schools", urns: readonly string[]): Promise<Map<string, RegisteredSchool>> {
    const found = new Map<string, RegisteredSchool>();
    // Chunks keep each IN list well under SQLite's bound-parameter limit.
    for (let start = 0; start < urns.length; start += 500) {
      const rows = await this.db.selectFrom(table).select(columns).where("urn", "in", urns.slice(start, start + 500)).execute();
      for (const row of rows) if (row.urn) found.set(row.urn, row);
    }
    return found;
  }

  /** URN and postcode of these organisations, open or closed (the back office's schools-with-seats export); batches of up to 500. */
  async urnsAndPostcodes(constituentIds: readonly number[]): Promise<Map<number, { urn: string | null; postcode: string; closed: boolean }>> {
    const found = new Map<number, { urn: string | null; postcode: string; closed: boolean }>();
    if (constituentIds.length === 0) return found;
    for (const table of ["closed_schools", "schools"] as const) {
      const rows = await this.db.selectFrom(table).select(["constituent_id", "urn", "postcode"]).where("constituent_id", "in", constituentIds).execute();
      for (const row of rows) found.set(Number(row.constituent_id), { urn: row.urn, postcode: row.postcode, closed: table === "closed_schools" });
    }
    return found;
  }

  /** An open school: a closed one is no longer one a person can join. */
  async byConstituentId(constituentId: number): Promise<RegisteredSchool | undefined> {
    return this.db.selectFrom("schools").select(columns).where("constituent_id", "=", constituentId).executeTakeFirst();
  }

  /**
   * The back office's school finder: every open school (hand-entered ones
   * too) whose URN is the text, whose postcode starts with it (spaces
   * ignored), whose suggested email domain is it, which is one of
   * `constituentIds` (the CRM's holders of it as an allowed domain), or
   * whose name, town and postcode hold every typed word; by name.
   */
  async find(query: SchoolFinderQuery & { constituentIds: readonly number[]; limit: number; offset: number }): Promise<{ schools: RegisteredSchool[]; total: number }> {
    const text = query.text.trim().toLowerCase();
    const words = searchWords(text);
    const postcode = text.replace(/\s+/g, "");
    let filtered = this.db.selectFrom("schools");
    if (query.show === "hand-entered") filtered = filtered.where("urn", "is", null);
    else if (query.show) filtered = filtered.where("kind", "=", query.show);
    const matching = filtered.where((eb) => {
      if (words.length === 0) return eb.lit(true);
      const ways = [
        eb.and(words.map((word) => wordInColumns(word, ["schools.name", "schools.city", "schools.postcode"]))),
        eb("urn", "=", text),
        eb("suggested_email_domain", "=", text.replace(/^@/, "")),
      ];
      if (/^[a-z0-9]{2,8}$/.test(postcode)) ways.push(eb(sql<string>`lower(replace(postcode, ' ', ''))`, "like", `${postcode}%`));
      if (query.constituentIds.length > 0) ways.push(eb("constituent_id", "in", query.constituentIds.slice(0, 500)));
      return eb.or(ways);
    });
    const [schools, counted] = await Promise.all([
      matching.select(columns).orderBy("name").orderBy("constituent_id").limit(query.limit).offset(query.offset).execute(),
      matching.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { schools, total: Number(counted.total) };
  }

  /** A school the register lists as closed, by its CRM id. */
  async closedByConstituentId(constituentId: number): Promise<RegisteredSchool | undefined> {
    return this.db.selectFrom("closed_schools").select(columns).where("constituent_id", "=", constituentId).executeTakeFirst();
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

  /** Moves a closed school back into the register, as `school` says it is now. */
  async reopen(school: RegisteredSchool, now: Date): Promise<void> {
    // One transaction (the caller's, if any): an import stopped between the two never loses the school from both tables.
    await inTransaction(this.db, async (trx) => {
      await trx.deleteFrom("closed_schools").where("constituent_id", "=", school.constituent_id).execute();
      await new SchoolRegister(trx).save(school, now);
    });
  }

  /** The URNs of the open register schools in the scope: those a complete register file must list. */
  async openUrnsIn(scope: UrnScope): Promise<string[]> {
    const rows = await this.db.selectFrom("schools").select("urn").where("urn", "is not", null).execute();
    return rows.map((row) => row.urn!).filter((urn) => urnInScope(urn, scope));
  }

  /** Moves open schools with these URNs to closed_schools; returns how many moved. */
  async close(urns: readonly string[], now: Date): Promise<number> {
    let closed = 0;
    for (let start = 0; start < urns.length; start += 500) {
      const chunk = urns.slice(start, start + 500);
      const rows = await this.db.selectFrom("schools").select([...columns, "updated_at"]).where("urn", "in", chunk).execute();
      if (rows.length === 0) continue;
      await this.db
        .insertInto("closed_schools")
        .values(rows.map((row) => ({ ...row, closed_at: now.toISOString() })))
        .onConflict((conflict) => conflict.column("constituent_id").doNothing())
        .execute();
      await this.db.deleteFrom("schools").where("urn", "in", chunk).execute();
      closed += rows.length;
    }
    return closed;
  }
}
