import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { CrmReferenceData } from "./crm-port";

/** A read done once per process and kept; a failed read is not kept, so the next call tries again. */
function readOnce<T>(read: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () =>
    (kept ??= read().catch((error: unknown) => {
      kept = undefined;
      throw error;
    }));
}

/** Countries and states change with a migration, not at run time, so each process reads them once. */
export function sqlReferenceData(db: Kysely<Database>): CrmReferenceData {
  return {
    countries: readOnce(async () =>
      (await db.selectFrom("countries").select(["id", "description"]).orderBy("description").execute()).map((row) => ({
        Id: row.id,
        Description: row.description,
      })),
    ),
    states: readOnce(async () =>
      (await db.selectFrom("states").select(["id", "description", "country_id"]).orderBy("description").execute()).map((row) => ({
        Id: row.id,
        Description: row.description,
        Country: { Id: row.country_id },
      })),
    ),
  };
}
