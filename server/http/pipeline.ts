/*
 * The one declared order of the layers a request meets (docs/architecture.md,
 * "Middleware order"). server/app.ts installs Express's middleware by walking
 * this list; the front door (server/http/front-door.ts), which answers some
 * requests before Express, asks it where the layers it replicates sit (is an
 * answer access-logged? does it come before sessions?), so neither path keeps
 * its own copy of the order. Each entry says why it sits where it does.
 */
export const requestPipeline = [
  // Every answer carries them, probes and redirects included; computed once, so this costs a dozen setHeader calls.
  { name: "security-headers" },
  // Probes come before everything else that runs per request: they set no cookie, are never logged, and skip it all.
  { name: "health-probes" },
  // It decides Cache-Control as headers are written, so it must come before anything that may set a cookie.
  { name: "no-store-for-personal" },
  // A widget's expected refusal as 200 + Refusal-Status, so the browser logs no error; before anything can answer a 4xx.
  { name: "quiet-refusals" },
  // Before the logger: the emailed links (password reset, email check, sign-in) carry a token, which must never be logged.
  { name: "link-handoffs" },
  // Suggestions arrive on every pause in typing: not access-logged (failures still are). Their answers are kept
  // compressed (server/cache/answer-per-value.ts), so they come before compression.
  { name: "kept-search-answers" },
  // Every dynamic answer after this point leaves compressed when it is worth it (kept answers already are).
  { name: "compression" },
  // Everything after this is access-logged.
  { name: "access-log" },
  // /static/ and the root icons: no session, no body, no CSRF.
  { name: "static-files" },
  // Providers' server-to-server notifications: before sessions, body parsers and CSRF, on purpose. A provider has no
  // session or CSRF token; the signature over the raw body (checked by its adapter) is what proves the call, so this
  // is the one write the CSRF check does not see (routes/payments.ts, docs/payments.md).
  { name: "payment-notifications" },
  // The back office's addresses (/staff/, /staff-sign-in/, /staff-enrol/) end here, with their own session, body parsing,
  // CSRF check and 404 (server/http/staff-area.ts): never answered from or kept in the page cache after it, never reaching
  // the member session, and never falling through to the site's routes.
  { name: "staff" },
  // Before sessions: a visitor without a session cookie is answered from kept pages, without a session or a render.
  { name: "page-cache" },
  // After the page cache (it keeps the sitemap), before sessions: robots.txt, the sitemap and the manifest are nobody's own.
  { name: "seo" },
  { name: "sessions" },
  { name: "current-user" },
  { name: "body-parsers" },
  // Once bodies are parsed: the token arrives in a form field or a header.
  { name: "csrf" },
  // What every template reads (site settings, the CSRF token), then the flash notice the last answer left.
  { name: "page-locals" },
  { name: "flash" },
  // The mailbox shows every password-reset link: never registered in production, and only for this machine elsewhere.
  { name: "dev-mailbox" },
  // The site's pages and APIs; their own order (which path shadows which) is in server/app.ts.
  { name: "feature-routes" },
  // Whatever no route answered.
  { name: "not-found" },
  { name: "error-handler" },
] as const;

export type LayerName = (typeof requestPipeline)[number]["name"];

const positions = new Map<LayerName, number>(requestPipeline.map((layer, index) => [layer.name, index]));

function positionOf(name: LayerName): number {
  return positions.get(name)!;
}

/** Whether `earlier` runs before `later` for the same request. */
export function comesBefore(earlier: LayerName, later: LayerName): boolean {
  return positionOf(earlier) < positionOf(later);
}

/** Whether an answer given by `layer` is access-logged: it sits after the logger. */
export function isAccessLogged(layer: LayerName): boolean {
  return comesBefore("access-log", layer);
}
