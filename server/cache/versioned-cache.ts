import { byteLru } from "./byte-lru";

/*
 * Answers kept in this process, keyed by the question, and dropped as soon as
 * a version counter in the database moves (bumped by triggers whenever the
 * underlying content changes: one primary-key read per lookup on SQLite, the
 * value pushed to the process on PostgreSQL, server/cache/content-versions.ts)
 * or after `ttlMs`, which bounds how late time-based changes (a resource whose
 * publication time passes with no write) show up. Several processes each keep
 * their own copy and all follow the same counter, so none serves stale content
 * after a write. Identical questions in flight share one computation.
 */

export interface VersionedCacheOptions<V = unknown> {
  /** Reads the content's change counter. */
  readVersion: () => Promise<number>;
  /** How long an answer is kept at most; Infinity for answers that depend on nothing but the content. */
  ttlMs?: number;
  /** How many answers are kept; the least recently used goes first. */
  maxEntries?: number;
  /** Bounds the answers by their size instead of their count (server/cache/byte-lru.ts), each weighed once computed. */
  size?: { maxBytes: number; bytesOf: (value: V) => number };
  now?: () => number;
}

export interface VersionedCache<V = unknown> {
  /** The answer kept for `key`, or `compute`'s, kept; `compute` is given the version just read, so it need not read it again. */
  remember<T extends V>(key: string, compute: (version: number) => Promise<T>): Promise<T>;
  /**
   * The answer kept for `key` if it is current and already computed, else
   * undefined; never computes (the front door asks this, and leaves a miss to
   * the route, which remembers: docs/performance.md, "The front door").
   */
  kept<T extends V>(key: string): Promise<T | undefined>;
}

interface Entry {
  version: number;
  storedAt: number;
  value: Promise<unknown>;
  /** Set once `value` has resolved. */
  answer?: { value: unknown };
}

export const DEFAULT_CACHE_TTL_MS = 60_000;
export const DEFAULT_CACHE_ENTRIES = 1_000;

export function versionedCache<V = unknown>(options: VersionedCacheOptions<V>): VersionedCache<V> {
  const ttlMs = options.ttlMs ?? DEFAULT_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const { size } = options;
  // Counted: every entry weighs one. Sized: an entry weighs nothing until its answer is known.
  const maxEntries = options.maxEntries ?? DEFAULT_CACHE_ENTRIES;
  const entries = size ? byteLru<Entry>(size.maxBytes) : byteLru<Entry>(maxEntries, maxEntries);

  const isCurrent = (entry: Entry | undefined, version: number): entry is Entry =>
    entry !== undefined && entry.version === version && now() - entry.storedAt < ttlMs;

  return {
    async remember<T extends V>(key: string, compute: (version: number) => Promise<T>): Promise<T> {
      const version = await options.readVersion();
      const found = entries.get(key);
      if (isCurrent(found, version)) return found.value as Promise<T>;
      const value = compute(version);
      const entry: Entry = { version, storedAt: now(), value };
      entries.set(key, entry, size ? 0 : 1);
      const stillKept = () => entries.peek(key) === entry;
      value.then(
        (answer) => {
          entry.answer = { value: answer };
          if (size && stillKept()) entries.set(key, entry, size.bytesOf(answer));
        },
        // A failure is not remembered: the next request tries again.
        () => {
          if (stillKept()) entries.delete(key);
        },
      );
      return value;
    },
    async kept<T extends V>(key: string): Promise<T | undefined> {
      const version = await options.readVersion();
      const found = entries.get(key);
      return isCurrent(found, version) ? (found.answer?.value as T | undefined) : undefined;
    },
  };
}
