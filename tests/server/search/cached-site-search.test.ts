import { vi } from "vitest";
import { cachedSiteSearch } from "../../../server/search/cached-site-search";
import type { SearchHit, SiteSearch } from "../../../server/search/search-port";

function hit(title: string): SearchHit {
  return { objectID: `page:${title}`, kind: "page", title, url: `/${title}/`, excerpt: title };
}

function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let version = 1;
  let clock = 0;
  let calls = 0;
  const inner: SiteSearch = {
    suggest: vi.fn(async (terms: readonly string[]) => [hit(`${terms.join("-")}-${++calls}`)]),
    search: vi.fn(async (terms: readonly string[]) => ({
      hits: [hit(`${terms.join("-")}-${++calls}`)],
      total: 1,
      counts: { event: 0, resource: 1, page: 0 },
    })),
    correctSpelling: vi.fn(async (terms: readonly string[]) => ({ terms: [...terms], text: `${terms.join(" ")}-${++calls}` })),
  };
  const search = cachedSiteSearch(inner, { readVersion: async () => version, now: () => clock, ...options });
  return {
    inner,
    search,
    bump: () => version++,
    advance: (ms: number) => (clock += ms),
  };
}

describe("cachedSiteSearch", () => {
  it("answers a repeated query from the cache", async () => {
    const { inner, search } = setup();
    const first = await search.suggest(["mac"], 8);
    expect(await search.suggest(["mac"], 8)).toBe(first);
    expect(inner.suggest).toHaveBeenCalledTimes(1);
    // A different limit, terms or method is a different question.
    await search.suggest(["mac"], 5);
    await search.suggest(["mad"], 8);
    await search.search(["mac"], { page: 1, pageSize: 10 });
    await search.search(["mac"], { page: 2, pageSize: 10 });
    expect(inner.suggest).toHaveBeenCalledTimes(3);
    expect(inner.search).toHaveBeenCalledTimes(2);
  });

  it("asks the engine again once the index has changed", async () => {
    const { inner, search, bump } = setup();
    const before = await search.suggest(["mac"], 8);
    bump();
    const after = await search.suggest(["mac"], 8);
    expect(after).not.toEqual(before);
    expect(inner.suggest).toHaveBeenCalledTimes(2);
  });

  it("asks the engine again after the time to live", async () => {
    const { inner, search, advance } = setup({ ttlMs: 1000 });
    await search.suggest(["mac"], 8);
    advance(999);
    await search.suggest(["mac"], 8);
    expect(inner.suggest).toHaveBeenCalledTimes(1);
    advance(1);
    await search.suggest(["mac"], 8);
    expect(inner.suggest).toHaveBeenCalledTimes(2);
  });

  it("shares one engine call between identical queries in flight", async () => {
    const { inner, search } = setup();
    const answers = await Promise.all(Array.from({ length: 20 }, () => search.suggest(["mac"], 8)));
    expect(new Set(answers).size).toBe(1);
    expect(inner.suggest).toHaveBeenCalledTimes(1);
  });

  it("does not remember a failure", async () => {
    const { inner, search } = setup();
    vi.mocked(inner.suggest).mockRejectedValueOnce(new Error("engine down"));
    await expect(search.suggest(["mac"], 8)).rejects.toThrow("engine down");
    await expect(search.suggest(["mac"], 8)).resolves.toHaveLength(1);
    expect(inner.suggest).toHaveBeenCalledTimes(2);
  });

  it("keeps at most maxEntries answers, dropping the least recently used", async () => {
    const { inner, search } = setup({ maxEntries: 2 });
    await search.suggest(["a"], 8);
    await search.suggest(["b"], 8);
    await search.suggest(["a"], 8); // a is now the most recently used
    await search.suggest(["c"], 8); // drops b
    expect(inner.suggest).toHaveBeenCalledTimes(3);
    await search.suggest(["a"], 8);
    expect(inner.suggest).toHaveBeenCalledTimes(3);
    await search.suggest(["b"], 8);
    expect(inner.suggest).toHaveBeenCalledTimes(4);
  });

  it("passes an empty query straight through", async () => {
    const { inner, search } = setup();
    await search.suggest([], 8);
    await search.suggest([], 8);
    expect(inner.suggest).toHaveBeenCalledTimes(2);
  });
});
