import type { Logger } from "../../../logging";
import type { SchoolSearchAtVersion } from "../in-memory-school-search";
import { algoliaClientOf, type AlgoliaSettings } from "./algolia-client";
import { HIGHLIGHT_POST_TAG, HIGHLIGHT_PRE_TAG, schoolHitOfAlgolia, type AlgoliaSchoolHit } from "./algolia-school-hits";

/*
 * School search in a hosted Algolia index (SCHOOL_SEARCH=algolia,
 * docs/search.md "Algolia"), with the search-only key. Typo tolerance,
 * ranking and highlighting are Algolia's, under the index settings the
 * indexing side applies (algolia-index-settings.ts); this side asks and maps
 * the hits in Algolia's order. The same answer cache as the embedded engine
 * stands in front (create-school-search.ts). A timeout or an error is logged
 * as a warning and thrown on: the route answers with the embedded engine's
 * message ("School search is unavailable just now...").
 */

export function algoliaSchoolSearch(settings: AlgoliaSettings, logger: Pick<Logger, "warn">): SchoolSearchAtVersion {
  const client = algoliaClientOf(settings);
  return {
    async findAt(_version, terms, limit) {
      try {
        const answer = await client.searchSingleIndex<AlgoliaSchoolHit>({
          indexName: settings.indexName,
          searchParams: {
            query: terms.join(" "),
            hitsPerPage: limit,
            highlightPreTag: HIGHLIGHT_PRE_TAG,
            highlightPostTag: HIGHLIGHT_POST_TAG,
          },
        });
        return answer.hits.map(schoolHitOfAlgolia);
      } catch (error) {
        logger.warn({ err: error, index: settings.indexName }, "Algolia school search failed");
        throw error;
      }
    },
  };
}
