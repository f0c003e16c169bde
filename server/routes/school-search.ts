import { Router } from "express";
import { jsonAnswerPerValue } from "../cache/answer-per-value";
import type { SchoolHit, SchoolSearch } from "../schools";
import { sendCompressedAnswer, type AnswerHeaders, type KeptReply } from "../cache/http/kept-answer-response";
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
/** Cached hits come back as the same array (server/schools/search/cached-school-search.ts): JSON built once per array, compressed once per encoding asked. */
const schoolSearchAnswerOf = jsonAnswerPerValue((hits: readonly SchoolHit[]) => ({ hits }));

type SchoolSearchQuery = { ok: true; reply: () => Promise<KeptReply> } | { ok: false; errors: Record<string, string[]> };

/** The `query` parameter read, and what answers it: the search's schools (none for no words), kept or found now. */
function schoolSearchQueryOf(schoolSearch: SchoolSearch, query: unknown): SchoolSearchQuery {
  const parsed = parseSearchText(query, "query", SCHOOL_SEARCH_MAX_LENGTH);
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    async reply() {
      const hits = parsed.terms.length === 0 ? noSchools : await schoolSearch.find(parsed.text, SCHOOL_SEARCH_LIMIT);
      return { answer: schoolSearchAnswerOf(hits), headers: schoolSearchHeaders };
    },
  };
}

/**
 * GET /account/school-search/?query= for the registration wizard's school
 * search (docs/schools.md). The register is public data, so it needs no
 * session; mounted before the request logger for the same reason as the site
 * autocomplete: one request per pause in typing.
 */
export function schoolSearchRoutes(options: { schoolSearch: SchoolSearch; logger: Logger }): Router {
  const router = Router({ strict: true });

  router.get(SCHOOL_SEARCH_PATH, async (req, res) => {
    const asked = schoolSearchQueryOf(options.schoolSearch, req.query.query);
    if (!asked.ok) {
      res.status(400).json({ success: false, errors: asked.errors });
      return;
    }
    let reply: KeptReply;
    try {
      reply = await asked.reply();
    } catch (error) {
      options.logger.error({ err: error }, "school search failed");
      failJsonOnError(res, error, "School search is unavailable just now. Please try again in a moment.");
      return;
    }
    sendCompressedAnswer(req, res, reply.answer, reply.headers);
  });

  return router;
}

/**
 * The front door's school search (server/http/front-door.ts): the same answer
 * as the route, kept or searched now, without entering Express: the search
 * needs nothing Express gives (no session, no body, no render), and a search
 * costs less than Express's own pass (docs/search.md, "School search").
 * A query the route refuses, or a search that fails, is left to the route,
 * which answers and logs it.
 */
export function schoolSearchFrontDoor(schoolSearch: SchoolSearch): FrontDoorRoute {
  return {
    path: SCHOOL_SEARCH_PATH,
    layer: "kept-search-answers",
    async lookup(query) {
      const asked = schoolSearchQueryOf(schoolSearch, query.query);
      return asked.ok ? asked.reply() : undefined;
    },
  };
}
