/*
 * Answers kept in this process, keyed by the question, and dropped as soon as
 * a version counter in the database moves (bumped by triggers whenever the
 * underlying content changes: one primary-key read per lookup) or after
 * `ttlMs`, which bounds how late time-based changes (a resource whose
 * publication time passes with no write) show up. Several processes each keep
 * their own copy and all read the same counter, so none serves stale content
 * after a write. Identical questions in flight share one computation.
 */

export interface VersionedCacheOptions {
  /** Reads the content's change counter. */
  readVersion: () => Promise<number>;
  /** How long an answer is kept at most. */
  ttlMs?: number;
  /** How many answers are kept; the least recently used goes first. */
  maxEntries?: number;
  now?: () => number;
}

export interface VersionedCache {
  remember<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

interface Entry {
  version: number;
  storedAt: number;
  value: Promise<unknown>;
}

export const DEFAULT_CACHE_TTL_MS = 60_000;
export const DEFAULT_CACHE_ENTRIES = 1_000;

export function versionedCache(options: VersionedCacheOptions): VersionedCache {
  const ttlMs = options.ttlMs ?? DEFAULT_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? DEFAULT_CACHE_ENTRIES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  return {
    async remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const version = await options.readVersion();
      const found = entries.get(key);
      if (found && found.version === version && now() - found.storedAt < ttlMs) {
        // Map order is insertion order: move it to the back, the most recently used end.
        entries.delete(key);
        entries.set(key, found);
        return found.value as Promise<T>;
      }
      const value = compute();
      entries.delete(key);
      entries.set(key, { version, storedAt: now(), value });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      // A failure is not remembered: the next request tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}
