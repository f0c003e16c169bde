/*
 * One refresh at a time for a kept page whose time is up (its TTL, which
 * bounds how late time-based changes show). Without it, every request that
 * arrives while the page is being rendered again renders it too: at 50
 * connections on PostgreSQL, where a render waits on several reads, that
 * was dozens of renders of the same page each minute. With it, the first
 * request after the TTL renders; the others are sent the page as it was
 * until the new one is kept. Only for time: a page whose content version
 * moved is never sent again (server/cache/http/page-cache.ts,
 * member-pages.ts).
 */

/** A refresh not finished after this (its render failed, or made a page that may not be kept) no longer holds the others back. */
export const REFRESH_GIVE_UP_MS = 10_000;

/** Claims kept for at most this many keys at once: past it, the oldest are forgotten (a refresh each, at worst). */
const MAX_CLAIMS = 10_000;

export class RefreshClaims {
  private readonly since = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  /** Whether another request is refreshing `key` now. */
  underWay(key: string): boolean {
    const at = this.since.get(key);
    return at !== undefined && this.now() - at < REFRESH_GIVE_UP_MS;
  }

  /** True when this request is to refresh `key` (claimed for it), false when another request is refreshing it. */
  claim(key: string): boolean {
    if (this.underWay(key)) return false;
    if (this.since.size >= MAX_CLAIMS) this.since.delete(this.since.keys().next().value!);
    this.since.set(key, this.now());
    return true;
  }

  /** The refresh of `key` is kept: the next TTL's first request refreshes it. */
  done(key: string): void {
    this.since.delete(key);
  }
}
