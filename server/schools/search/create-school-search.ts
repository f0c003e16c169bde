import { versionedCache } from "../../cache/versioned-cache";
import type { Config } from "../../config";
import type { DatabaseHandle } from "../../db/database";
import type { Logger } from "../../logging";
import type { AlgoliaRequester } from "./algolia/algolia-client";
import { algoliaSchoolSearch } from "./algolia/algolia-school-search";
import { cachedSchoolSearch, schoolSearchVersionReader } from "./cached-school-search";
import { inMemorySchoolSearch } from "./in-memory-school-search";
import type { SchoolSearch } from "./school-search-port";

export type SchoolSearchConfig = Pick<Config, "schoolSearch" | "algoliaAppId" | "algoliaSearchKey" | "algoliaIndexName">;

/**
 * School search for either database: by default the in-memory index of the
 * register, rebuilt when its version moves (migration 0012); with
 * SCHOOL_SEARCH=algolia the hosted index, with the search-only key
 * (docs/search.md, "Algolia"). Either way behind one versioned cache of
 * answers keyed by the query's terms.
 */
export function createSchoolSearch(
  database: Pick<DatabaseHandle, "db" | "dialect">,
  options: { config?: SchoolSearchConfig; logger?: Pick<Logger, "warn">; requester?: AlgoliaRequester } = {},
): SchoolSearch {
  const cache = versionedCache({ readVersion: schoolSearchVersionReader(database.db) });
  const { config } = options;
  if (config?.schoolSearch === "algolia") {
    // loadConfig has refused a start without the app id and keys.
    const settings = { appId: config.algoliaAppId!, apiKey: config.algoliaSearchKey!, indexName: config.algoliaIndexName, requester: options.requester };
    return cachedSchoolSearch(algoliaSchoolSearch(settings, options.logger ?? console), cache);
  }
  return cachedSchoolSearch(inMemorySchoolSearch(database.db), cache);
}
