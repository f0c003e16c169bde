import { sql, type Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import type { Logger } from "../../../logging";
import { schoolRowsOf } from "../in-memory-school-search";
import type { SchoolRow } from "../school-search-query";
import { algoliaClientOf, type AlgoliaSettings } from "./algolia-client";
import { SCHOOL_INDEX_SETTINGS } from "./algolia-index-settings";
import { algoliaRecordOf } from "./algolia-school-record";

/*
 * The indexing half of the Algolia adapter, with the admin key (never the
 * search side's): it applies the ranking settings and keeps the index in step
 * with the register, which stays the record in the product's database. The
 * register upload pushes what changed once the import ends (`pushChangesSince`);
 * `reindex` (npm run schools:reindex) rebuilds the whole index atomically.
 */

export interface AlgoliaSchoolIndexing {
  /** Sends the ranking rules (algolia-index-settings.ts). */
  applySettings(): Promise<void>;
  /** Saves these schools' records, whole (saveObjects). */
  save(rows: readonly SchoolRow[]): Promise<void>;
  /** Removes closed or merged schools by constituent id (deleteObjects). */
  remove(constituentIds: readonly number[]): Promise<void>;
  /** `remove`, a failure logged rather than thrown: for a change already committed, which `npm run schools:reindex` catches up. */
  removeLogged(constituentIds: readonly number[], logger: Pick<Logger, "error">): Promise<void>;
  /** Saves the schools written, and removes those closed, at or after `since` (the start of an import). */
  pushChangesSince(db: Kysely<Database>, since: Date): Promise<{ saved: number; removed: number }>;
  /** Settings, then every open school in place of what the index held (replaceAllObjects). */
  reindex(db: Kysely<Database>): Promise<number>;
}

export function algoliaSchoolIndexing(settings: AlgoliaSettings): AlgoliaSchoolIndexing {
  const client = algoliaClientOf(settings);
  const { indexName } = settings;
  const indexing: AlgoliaSchoolIndexing = {
    async applySettings() {
      await client.setSettings({ indexName, indexSettings: SCHOOL_INDEX_SETTINGS });
    },
    async save(rows) {
      if (rows.length > 0) await client.saveObjects({ indexName, objects: rows.map((row) => ({ ...algoliaRecordOf(row) })) });
    },
    async remove(constituentIds) {
      if (constituentIds.length > 0) await client.deleteObjects({ indexName, objectIDs: constituentIds.map(String) });
    },
    async removeLogged(constituentIds, logger) {
      try {
        await indexing.remove(constituentIds);
      } catch (error) {
        logger.error({ err: error, constituentIds }, "the school search index still holds schools that left the register: run npm run schools:reindex");
      }
    },
    async pushChangesSince(db, since) {
      const at = since.toISOString();
      const written = await sql<SchoolRow>`
        select constituent_id, urn, kind, name, street1, street2, street3, city, postcode
        from schools where updated_at >= ${at} order by constituent_id`.execute(db);
      const closed = await db.selectFrom("closed_schools").select("constituent_id").where("closed_at", ">=", at).execute();
      await indexing.save(written.rows);
      await indexing.remove(closed.map((row) => Number(row.constituent_id)));
      return { saved: written.rows.length, removed: closed.length };
    },
    async reindex(db) {
      await indexing.applySettings();
      const rows = await schoolRowsOf(db);
      await client.replaceAllObjects({ indexName, objects: rows.map((row) => ({ ...algoliaRecordOf(row) })) });
      return rows.length;
    },
  };
  return indexing;
}

/** The indexing side when SCHOOL_SEARCH=algolia, with the admin key; undefined for the embedded engine, which needs none. */
export function algoliaIndexingFor(
  config: { schoolSearch: "embedded" | "algolia"; algoliaAppId?: string; algoliaAdminKey?: string; algoliaIndexName: string },
  requester?: AlgoliaSettings["requester"],
): AlgoliaSchoolIndexing | undefined {
  if (config.schoolSearch !== "algolia") return undefined;
  // loadConfig has refused a start without them.
  return algoliaSchoolIndexing({ appId: config.algoliaAppId!, apiKey: config.algoliaAdminKey!, indexName: config.algoliaIndexName, requester });
}
