/** Where a signed-in user goes when no (safe) `next` was given (accounts spec, section 9). */
export const DEFAULT_NEXT_PATH = "/account/my-account/";

/**
 * `value` when it is a path on this site, otherwise `fallback`. Used for
 * `next` and `returnURL`, so a crafted link can never send someone to another
 * site after signing in (an open redirect).
 *
 * Accepted: "/account/my-account/", "/resources/?page=2#top".
 * Refused: absolute URLs ("https://evil.example", "http:evil.example"),
 * scheme-relative ones ("//evil.example", "/\evil.example", which browsers
 * read as "//"), other schemes ("javascript:"), and anything with control
 * characters or whitespace, which browsers strip before parsing.
 */
export function safeNextPath(value: unknown, fallback: string = DEFAULT_NEXT_PATH): string {
  if (typeof value !== "string" || value === "") return fallback;
  if (!value.startsWith("/")) return fallback;
  if (value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being refused
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return fallback;
  return sameOriginPath(value) ?? fallback;
}

/** Resolving against a throwaway origin catches what a browser would do with the path; it must stay on that origin. */
function sameOriginPath(value: string): string | undefined {
  const probeOrigin = "https://same-site.invalid";
  try {
    const resolved = new URL(value, probeOrigin);
    return resolved.origin === probeOrigin ? value : undefined;
  } catch {
    return undefined;
  }
}
