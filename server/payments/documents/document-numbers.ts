import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

export type DocumentSeries = "invoice" | "receipt";

const PREFIXES: Record<DocumentSeries, string> = { invoice: "INV", receipt: "RCT" };

/**
 * The series' next number, "INV-000001" or "RCT-000001". Pass the caller's
 * transaction: the UPDATE locks the series' row until it commits (PostgreSQL
 * makes a second taker wait, then read the new value; SQLite has one writer),
 * so no two transactions share a number, and a rollback undoes the increment,
 * so the numbers have no gaps.
 */
export async function nextDocumentNumber(db: Kysely<Database>, series: DocumentSeries): Promise<string> {
  const row = await db
    .updateTable("document_numbers")
    .set((eb) => ({ last_number: eb("last_number", "+", 1) }))
    .where("series", "=", series)
    .returning("last_number")
    .executeTakeFirstOrThrow(() => new Error(`document series "${series}" is missing (migration 0036)`));
  return `${PREFIXES[series]}-${String(row.last_number).padStart(6, "0")}`;
}
