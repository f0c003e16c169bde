import { DEFAULT_NEXT_PATH } from "./sign-in-destination";

/**
 * `value` when it is a path on this site, otherwise null. Used for `next`,
 * `returnURL` and links a page hands a widget, so a crafted link can never
 * send someone to another site (an open redirect). The server cleans these
 * before they reach the markup; the widgets check again with this same rule,
 * since they may run on pages another backend rendered.
 *
 * Accepted: "/account/my-account/", "/resources/?page=2#top".
 * Refused: absolute URLs ("https://evil.example", "http:evil.example"),
 * scheme-relative ones ("//evil.example", "/\evil.example", which browsers
 * read as "//"), other schemes ("javascript:"), and anything with control
 * characters, whitespace or backslashes, which browsers strip or rewrite
 * before parsing.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being refused
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return null;
  return staysOnOrigin(value) ? value : null;
}

/** `value` when it is a path on this site (sameSitePath), otherwise `fallback`. */
export function safeNextPath(value: unknown, fallback: string = DEFAULT_NEXT_PATH): string {
  return sameSitePath(value) ?? fallback;
}

/** Resolving against a throwaway origin catches what a browser would do with the path; it must stay on that origin. */
function staysOnOrigin(value: string): boolean {
  const probeOrigin = "https://same-site.invalid";
  try {
    return new URL(value, probeOrigin).origin === probeOrigin;
  } catch {
    return false;
  }
}
