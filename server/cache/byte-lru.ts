/*
 * A least-recently-used map bounded by the bytes its values hold, not by
 * their count: cached pages and API answers range from 5 kB to 300 kB. (A
 * value may weigh 1 to bound a map by count.)
 */

export interface ByteLru<T> {
  /** The value, now the most recently used. */
  get(key: string): T | undefined;
  /** The value, its place in the order left as it is. */
  peek(key: string): T | undefined;
  /** Keeps `value`, then drops the least recently used until the total fits; a value bigger than `largestBytes` is not kept. */
  set(key: string, value: T, bytes: number): void;
  delete(key: string): void;
  /** The bytes held now (for tests and the docs' sizing). */
  readonly bytes: number;
}

/** `largestBytes`: by default a quarter of the bound, so one huge answer cannot empty the map. */
export function byteLru<T>(maxBytes: number, largestBytes = maxBytes / 4): ByteLru<T> {
  const entries = new Map<string, { value: T; bytes: number }>();
  let total = 0;
  const remove = (key: string) => {
    const found = entries.get(key);
    if (!found) return;
    entries.delete(key);
    total -= found.bytes;
  };
  return {
    get(key) {
      const found = entries.get(key);
      if (!found) return undefined;
      // Map order is insertion order: move it to the most recently used end.
      entries.delete(key);
      entries.set(key, found);
      return found.value;
    },
    peek: (key) => entries.get(key)?.value,
    set(key, value, bytes) {
      remove(key);
      if (bytes > largestBytes) return;
      entries.set(key, { value, bytes });
      total += bytes;
      while (total > maxBytes) remove(entries.keys().next().value!);
    },
    delete: remove,
    get bytes() {
      return total;
    },
  };
}
