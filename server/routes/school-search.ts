import { Router } from "express";
import { jsonAnswerPerValue } from "../cache/answer-per-value";
import type { CachedSchoolSearch, SchoolHit, SchoolSearch } from "../schools";
import { sendCompressedAnswer, type AnswerHeaders } from "../cache/http/kept-answer-response";
import type { FrontDoorRoute } from "../http/front-door";
import type { Logger } from "../logging";
import { failJsonOnError } from "../http/write-replies";
import { SCHOOL_SEARCH_MAX_LENGTH } from "../../contracts/rules/schools";
import { parseSearchText } from "../search/search-request";

/** Schools per answer: enough to spot one's own among namesakes, few enough to scan. */
export const SCHOOL_SEARCH_LIMIT = 10;

/** The register changes rarely; a minute of shared caching takes repeated prefixes off the server. */
const schoolSearchHeaders: AnswerHeaders = { vary: "Accept-Encoding", cacheControl: "public, max-age=60" };
const SCHOOL_SEARCH_PATH = "/account/school-search/";
const noSchools: readonly SchoolHit[] = [];
/** Cached hits come back as the same array (server/schools/search/cached-school-search.ts): JSON built and compressed once per array. */
const schoolSearchAnswerOf = jsonAnswerPerValue((hits: readonly SchoolHit[]) => ({ hits }));

/**
 * GET /account/school-search/?query= for the registration wizard's school
 * search (docs/schools.md). The register is public data, so it needs no
 * session; mounted before the request logger for the same reason as the site
 * autocomplete: one request per pause in typing.
 */
export function schoolSearchRoutes(options: { schoolSearch: SchoolSearch; logger: Logger }): Router {
  const router = Router({ strict: true });

  router.get(SCHOOL_SEARCH_PATH, async (req, res) => {
    const parsed = parseSearchText(req.query.query, "query", SCHOOL_SEARCH_MAX_LENGTH);
    if (!parsed.ok) {
      res.status(400).json({ success: false, errors: parsed.errors });
      return;
    }
    let hits: readonly SchoolHit[] = noSchools;
    try {
      if (parsed.terms.length > 0) hits = await options.schoolSearch.find(parsed.text, SCHOOL_SEARCH_LIMIT);
    } catch (error) {
      options.logger.error({ err: error }, "school search failed");
      failJsonOnError(res, error, "School search is unavailable just now. Please try again in a moment.");
      return;
    }
    sendCompressedAnswer(req, res, schoolSearchAnswerOf(hits), schoolSearchHeaders);
  });

  return router;
}

/** Schools already kept, for the front door (server/http/front-door.ts); anything else is the route's. Logged as the route is (its layer, before the logger, is not). */
export function schoolSearchFrontDoor(schoolSearch: Pick<CachedSchoolSearch, "keptFind">): FrontDoorRoute {
  return {
    path: SCHOOL_SEARCH_PATH,
    layer: "kept-search-answers",
    async lookup(query) {
      const parsed = parseSearchText(query.query, "query", SCHOOL_SEARCH_MAX_LENGTH);
      if (!parsed.ok || parsed.terms.length === 0) return undefined;
      const hits = await schoolSearch.keptFind(parsed.text, SCHOOL_SEARCH_LIMIT);
      return hits && { answer: schoolSearchAnswerOf(hits), headers: schoolSearchHeaders };
    },
  };
}
