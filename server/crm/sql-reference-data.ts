import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Country, CrmReferenceData, State } from "./crm-port";

/**
 * Countries and states change with a migration, not at run time, so each
 * process reads them once and keeps them.
 */
export function sqlReferenceData(db: Kysely<Database>): CrmReferenceData {
  let countries: Promise<Country[]> | undefined;
  let states: Promise<State[]> | undefined;
  const remember = <T>(load: () => Promise<T>, forget: () => void) =>
    load().catch((error: unknown) => {
      forget(); // a failed read is tried again next time, not remembered
      throw error;
    });
  return {
    countries: () =>
      (countries ??= remember(
        async () =>
          (await db.selectFrom("countries").select(["id", "description"]).orderBy("description").execute()).map((row) => ({
            Id: row.id,
            Description: row.description,
          })),
        () => (countries = undefined),
      )),
    states: () =>
      (states ??= remember(
        async () =>
          (await db.selectFrom("states").select(["id", "description", "country_id"]).orderBy("description").execute()).map(
            (row) => ({ Id: row.id, Description: row.description, Country: { Id: row.country_id } }),
          ),
        () => (states = undefined),
      )),
  };
}
