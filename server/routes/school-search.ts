import { Router } from "express";
import type { Logger } from "../logging";
import { nonFieldErrorsKey } from "../http/errors";
import type { SchoolHit, SchoolSearch } from "../search/school-search-port";
import { MAX_SCHOOL_QUERY_LENGTH } from "../search/school-search-query";
import { parseSearchText } from "../search/search-request";

/** Schools per answer: enough to spot one's own among namesakes, few enough to scan. */
export const SCHOOL_SEARCH_LIMIT = 10;

/**
 * GET /account/school-search/?query= for the registration wizard's school
 * search (docs/schools.md). The register is public data, so it needs no
 * session; mounted before the request logger for the same reason as the site
 * autocomplete: one request per pause in typing.
 */
export function schoolSearchRoutes(options: { schoolSearch: SchoolSearch; logger: Logger }): Router {
  const router = Router({ strict: true });

  router.get("/account/school-search/", async (req, res) => {
    const parsed = parseSearchText(req.query.query, "query", MAX_SCHOOL_QUERY_LENGTH);
    if (!parsed.ok) {
      res.status(400).json({ success: false, errors: parsed.errors });
      return;
    }
    let hits: SchoolHit[] = [];
    try {
      if (parsed.terms.length > 0) hits = await options.schoolSearch.find(parsed.text, SCHOOL_SEARCH_LIMIT);
    } catch (error) {
      options.logger.error({ err: error }, "school search failed");
      res.status(503).json({ success: false, errors: { [nonFieldErrorsKey]: ["School search is unavailable just now. Please try again in a moment."] } });
      return;
    }
    res.set("Cache-Control", "public, max-age=60").json({ hits });
  });

  return router;
}
