/**
 * `value` when it is a path on this site, otherwise null. The server already
 * cleans `next` before it reaches the markup; the widget checks again because
 * it may be placed on pages rendered by another backend. Same rule as
 * server/domain/redirect-safety.ts: a leading "/", but not "//" or "/\",
 * and no control characters, spaces or backslashes.
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//")) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being refused
  return /[\u0000-\u0020\u007f\\]/.test(value) ? null : value;
}
