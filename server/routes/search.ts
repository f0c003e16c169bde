import { Router } from "express";
import { jsonAnswerPerValue } from "../cache/answer-per-value";
import type { CachedSiteSearch } from "../search/cached-site-search";
import { sendCompressedAnswer, type AnswerHeaders } from "../cache/http/kept-answer-response";
import type { FrontDoorRoute } from "../http/front-door";
import type { Logger } from "../logging";
import { failJsonOnError } from "../http/write-replies";
import type { SearchHit, SiteSearch } from "../search/search-port";
import { loadSearchPage, type SearchPageSources } from "../search/search-page-service";
import { parsePageNumber, parseSearchKind, parseSearchText } from "../search/search-request";
import { redirectToSlashed } from "./slashed-redirect";

const noHits: readonly SearchHit[] = [];

/** Suggestions per autocomplete answer. */
export const AUTOCOMPLETE_LIMIT = 8;

/**
 * Suggestions change only when content does; a minute of shared caching takes
 * repeated prefixes off the server at the cost of a minute's staleness.
 */
const autocompleteHeaders: AnswerHeaders = { vary: "Accept-Encoding", cacheControl: "public, max-age=60" };
const AUTOCOMPLETE_PATH = "/search/autocomplete/";

/** The autocomplete JSON shape: exactly these keys, image only when there is one. */
function autocompleteHitOf({ objectID, title, url, excerpt, image }: SearchHit) {
  return image ? { objectID, title, url, excerpt, image } : { objectID, title, url, excerpt };
}

/*
 * Cached suggestions come back as the same array (server/search/cached-site-search.ts),
 * so their JSON is built and compressed once per array rather than once per keystroke.
 */
const autocompleteAnswerOf = jsonAnswerPerValue((hits: readonly SearchHit[]) => ({ hits: hits.map(autocompleteHitOf) }));

/**
 * GET /search/autocomplete/?query= for the search box. Mounted before the
 * request logger and the session middleware: it is a hot path that never
 * needs a session, and one request per pause in typing is noise in the log.
 */
export function searchAutocompleteRoutes(options: { siteSearch: SiteSearch; logger: Logger }): Router {
  const router = Router({ strict: true });

  router.get(AUTOCOMPLETE_PATH, async (req, res) => {
    const parsed = parseSearchText(req.query.query, "query");
    if (!parsed.ok) {
      res.status(400).json({ success: false, errors: parsed.errors });
      return;
    }
    let hits: readonly SearchHit[] = noHits;
    try {
      // No terms (empty, spaces, punctuation only): nothing to look for, so no search work.
      if (parsed.terms.length > 0) hits = await options.siteSearch.suggest(parsed.terms, AUTOCOMPLETE_LIMIT);
    } catch (error) {
      // Always JSON, whatever the client accepts: the error page needs the session-backed page context this path skips.
      options.logger.error({ err: error, query: req.query.query }, "search suggestions failed");
      failJsonOnError(res, error, "Suggestions are not available just now.");
      return;
    }
    sendCompressedAnswer(req, res, autocompleteAnswerOf(hits), autocompleteHeaders);
  });
  router.get("/search/autocomplete", redirectToSlashed);

  return router;
}

/** Suggestions already kept, for the front door (server/http/front-door.ts); anything else is the route's. Logged as the route is (its layer, before the logger, is not). */
export function autocompleteFrontDoor(siteSearch: Pick<CachedSiteSearch, "keptSuggestions">): FrontDoorRoute {
  return {
    path: AUTOCOMPLETE_PATH,
    layer: "kept-search-answers",
    async lookup(query) {
      const parsed = parseSearchText(query.query, "query");
      if (!parsed.ok) return undefined;
      const hits = await siteSearch.keptSuggestions(parsed.terms, AUTOCOMPLETE_LIMIT);
      return hits && { answer: autocompleteAnswerOf(hits), headers: autocompleteHeaders };
    },
  };
}

/** The full results page, GET /search/?q=&type=&page=, which the search box submits to. */
export function searchPageRoutes(sources: SearchPageSources): Router {
  const router = Router({ strict: true });

  router.get("/search/", async (req, res) => {
    const parsed = parseSearchText(req.query.q, "q");
    if (!parsed.ok) {
      res.status(400).render("pages/search.njk", { query: parsed.text, error: parsed.errors.q?.[0] });
      return;
    }
    const request = { text: parsed.text, terms: parsed.terms, page: parsePageNumber(req.query.page), kind: parseSearchKind(req.query.type) };
    const results = await loadSearchPage(sources, request);
    res.render("pages/search.njk", { query: parsed.text, searched: parsed.terms.length > 0, results });
  });
  router.get("/search", redirectToSlashed);

  return router;
}
