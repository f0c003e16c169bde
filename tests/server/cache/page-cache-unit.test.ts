import express from "express";
import request from "supertest";
import { byteLru } from "../../../server/cache/byte-lru";
import { preferredEncoding } from "../../../server/http/accept-encoding";
import { anonymousPageCache, cacheKeyOf, pageCache } from "../../../server/cache/http/page-cache";
import { compressAnswer } from "../../../server/cache/compressed-answer";
import { REFRESH_GIVE_UP_MS } from "../../../server/cache/refresh-claims";

/** A bare app with only the page cache in front of routes that count their renders. */
function appWithCache(version = { value: 1 }) {
  const renders: Record<string, number> = {};
  const app = express();
  app.use(anonymousPageCache(pageCache({ sessionCookieName: "sid", readVersion: async () => version.value, maxBytes: 1024 * 1024, ttlMs: 60_000 })));
  const page = (name: string) => `<!doctype html><title>${name}</title>${"<p>words</p>".repeat(200)}`;
  const count = (name: string) => (renders[name] = (renders[name] ?? 0) + 1);
  app.get("/plain/", (_req, res) => {
    count("plain");
    res.send(page("plain"));
  });
  app.get("/cookie/", (_req, res) => {
    count("cookie");
    res.cookie("seen", "1").send(page("cookie"));
  });
  app.get("/private/", (_req, res) => {
    count("private");
    res.set("Cache-Control", "private").send(page("private"));
  });
  app.get("/json/", (_req, res) => {
    count("json");
    res.json({ words: "words ".repeat(300) });
  });
  return { app, renders, version };
}

describe("anonymousPageCache", () => {
  it("renders a page once and answers repeats from the cache until the content version moves", async () => {
    const { app, renders, version } = appWithCache();
    await request(app).get("/plain/");
    await request(app).get("/plain/");
    expect(renders.plain).toBe(1);
    version.value = 2;
    await request(app).get("/plain/");
    expect(renders.plain).toBe(2);
  });

  it("never keeps a response that sets a cookie, one marked private, or one that is not HTML", async () => {
    const { app, renders } = appWithCache();
    for (const path of ["/cookie/", "/private/", "/json/"]) {
      const first = await request(app).get(path);
      const second = await request(app).get(path);
      expect(second.headers["x-cache"], path).not.toBe("hit");
      if (path === "/cookie/") expect(first.headers["set-cookie"]).toBeDefined();
    }
    expect(renders).toMatchObject({ cookie: 2, private: 2, json: 2 });
  });

  it("never answers a request that carries the session cookie from the cache", async () => {
    const { app, renders } = appWithCache();
    await request(app).get("/plain/");
    const withSession = await request(app).get("/plain/").set("Cookie", "theme=dark; sid=s%3Aabc");
    expect(withSession.headers["x-cache"]).toBeUndefined();
    expect(renders.plain).toBe(2);
    // Another cookie alone does not make a session.
    expect((await request(app).get("/plain/").set("Cookie", "sidebar=open")).headers["x-cache"]).toBe("hit");
  });
});

describe("pageCache past its TTL", () => {
  const clock = { now: 0 };
  const version = { value: 1 };
  const answerOf = (text: string) => compressAnswer(Buffer.from(text), "text/html; charset=utf-8");
  const bodyOf = (lookup: Awaited<ReturnType<ReturnType<typeof pageCache>["lookup"]>>) => lookup?.reply?.answer.representation("identity").body.toString();
  const cache = pageCache({ sessionCookieName: "sid", readVersion: async () => version.value, maxBytes: 1024 * 1024, ttlMs: 60_000, now: () => clock.now });

  it("lets one request render the page again while the others are sent it as it was, then sends the new one", async () => {
    (await cache.lookup("/ttl/"))!.keep!(answerOf("first"));
    clock.now += 60_000;
    const refreshing = await cache.lookup("/ttl/");
    expect(refreshing?.keep).toBeDefined();
    // Meanwhile, every other request gets the page as it was, not a render of its own.
    for (let n = 0; n < 3; n++) expect(bodyOf(await cache.lookup("/ttl/"))).toBe("first");
    refreshing!.keep!(answerOf("second"));
    expect(bodyOf(await cache.lookup("/ttl/"))).toBe("second");
  });

  it("never sends a page again once the content version moved: every request renders until one is kept", async () => {
    (await cache.lookup("/moved/"))!.keep!(answerOf("old"));
    clock.now += 60_000;
    version.value += 1;
    expect((await cache.lookup("/moved/"))?.keep).toBeDefined();
    expect((await cache.lookup("/moved/"))?.keep).toBeDefined();
  });

  it("lets another request render once a refresh has not kept anything for a while", async () => {
    (await cache.lookup("/stuck/"))!.keep!(answerOf("kept"));
    clock.now += 60_000;
    expect((await cache.lookup("/stuck/"))?.keep).toBeDefined();
    clock.now += REFRESH_GIVE_UP_MS - 1;
    expect(bodyOf(await cache.lookup("/stuck/"))).toBe("kept");
    clock.now += 1;
    expect((await cache.lookup("/stuck/"))?.keep).toBeDefined();
  });
});

describe("cacheKeyOf", () => {
  it("sorts parameters by name, keeps one name's values in order, and encodes one way", () => {
    expect(cacheKeyOf("/resources/?subject=drama&key_stage=ks3&subject=art")).toBe("/resources/?key_stage=ks3&subject=drama&subject=art");
    expect(cacheKeyOf("/search/?q=a%20b")).toBe(cacheKeyOf("/search/?q=a+b"));
    expect(cacheKeyOf("/")).toBe("/");
    expect(cacheKeyOf(`/?q=${"x".repeat(600)}`)).toBeUndefined();
  });
});

describe("preferredEncoding", () => {
  it.each([
    [undefined, "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["*;q=0", "identity"],
    ["deflate", "identity"],
  ])("%s -> %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe("byteLru", () => {
  it("drops the least recently used once the bytes exceed the bound, and keeps nothing over a quarter of it", () => {
    const lru = byteLru<string>(100);
    lru.set("a", "a", 20);
    lru.set("b", "b", 20);
    lru.set("c", "c", 20);
    lru.get("a");
    lru.set("d", "d", 25);
    lru.set("e", "e", 25);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe("a");
    expect(lru.bytes).toBeLessThanOrEqual(100);
    lru.set("huge", "huge", 26);
    expect(lru.get("huge")).toBeUndefined();
  });
});
