import { CompiledQuery } from "kysely";
import { vi } from "vitest";
import { contentVersionFeed, type ContentVersionFeed, type FeedConnection } from "../../../server/cache/content-version-feed";

/*
 * The feed's rules, with the database connection it listens on stood in for
 * at the edge (the real one: pushed-content-versions.test.ts): values from
 * memory only while nothing newer can exist, the database otherwise.
 */

/** A database of counters by query, and the feed's connection to it, which the test can hold, drop and refuse. */
function counterDatabase() {
  const values = new Map<string, number>();
  const handlers: { onChange(): void; onLost(error: Error): void }[] = [];
  /** `attempts` counts every connect asked for, `connects` those let through. */
  const state = { refuse: false, hang: false, notifyWhileListening: false, attempts: 0, connects: 0 };
  let held: (() => void)[] | undefined;
  const read = async (query: CompiledQuery) => {
    const value = values.get(query.sql) ?? 0;
    if (state.hang) return new Promise<number>(() => {});
    if (held) await new Promise<void>((release) => held!.push(release));
    return value;
  };
  return {
    values,
    state,
    fallback: (query: CompiledQuery) => vi.fn(async () => values.get(query.sql) ?? 0),
    async connect(on: { onChange(): void; onLost(error: Error): void }): Promise<FeedConnection> {
      state.attempts += 1;
      if (state.refuse) throw new Error("connection refused");
      state.connects += 1;
      handlers.push(on);
      // A commit notified between LISTEN and the connection being handed over.
      if (state.notifyWhileListening) on.onChange();
      return { read, close: async () => {} };
    },
    notify: () => handlers.at(-1)!.onChange(),
    drop: () => handlers.at(-1)!.onLost(new Error("terminated")),
    /** Reads started from now wait (each with the value it read) until released. */
    hold: () => void (held = []),
    release() {
      const waiting = held ?? [];
      held = undefined;
      for (const go of waiting) go();
    },
  };
}

const site = CompiledQuery.raw("select version from content_versions where name = 'site'");
const search = CompiledQuery.raw("select version from search_index_state where id = 1");

describe("the content version feed", () => {
  let feed: ContentVersionFeed | undefined;
  afterEach(() => feed?.close());

  function start(database: ReturnType<typeof counterDatabase>, options: { heartbeatMs?: number; readDeadlineMs?: number } = {}) {
    const log = { live: 0, lost: [] as string[], back: 0 };
    feed = contentVersionFeed({
      connect: (on) => database.connect(on),
      onLive: () => log.live++,
      onLost: (error) => log.lost.push(error.message),
      onBack: () => log.back++,
      ...options,
    });
    const siteFallback = database.fallback(site);
    const searchFallback = database.fallback(search);
    const readers = { site: feed.reader(site, siteFallback), search: feed.reader(search, searchFallback) };
    feed.start();
    return { feed, log, readers, fallbacks: { site: siteFallback, search: searchFallback } };
  }

  it("reads the database until it is live, then answers from memory with no read at all", async () => {
    const database = counterDatabase();
    database.values.set(site.sql, 7);
    database.hold();
    const { feed, readers, fallbacks, log } = start(database);
    expect(await readers.site()).toBe(7);
    expect(fallbacks.site).toHaveBeenCalledTimes(1);

    database.release();
    await vi.waitFor(() => expect(feed.live).toBe(true));
    for (let request = 0; request < 100; request++) expect(await readers.site()).toBe(7);
    expect(fallbacks.site).toHaveBeenCalledTimes(1);
    expect(log.live).toBe(1);
  });

  it("on a notification, reads the database until it has re-read every counter, then serves the new values", async () => {
    const database = counterDatabase();
    const { feed, readers, fallbacks } = start(database);
    await vi.waitFor(() => expect(feed.live).toBe(true));

    database.hold();
    database.values.set(site.sql, 1);
    database.values.set(search.sql, 5);
    database.notify();
    expect(feed.live).toBe(false);
    // The write has committed: what the memory holds is stale, so the database answers.
    expect(await readers.site()).toBe(1);
    expect(await readers.search()).toBe(5);
    expect(fallbacks.site).toHaveBeenCalledTimes(1);

    database.release();
    await vi.waitFor(() => expect(feed.live).toBe(true));
    expect(await readers.site()).toBe(1);
    expect(await readers.search()).toBe(5);
    expect(fallbacks.site).toHaveBeenCalledTimes(1);
  });

  it("takes a notification that comes before its connection is handed over in its first read, without losing the connection", async () => {
    const database = counterDatabase();
    database.state.notifyWhileListening = true;
    database.values.set(site.sql, 3);
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      const { feed, readers, log } = start(database, { readDeadlineMs: 20 });
      await vi.waitFor(() => expect(feed.live).toBe(true));
      expect(await readers.site()).toBe(3);
      // Past the read deadline: no deadline of a read that never started rejects with no one listening.
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(log.lost).toEqual([]);
      expect(database.state.connects).toBe(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });

  it("re-reads again when a notification comes while it is re-reading, and only then serves", async () => {
    const database = counterDatabase();
    const { feed, readers } = start(database);
    await vi.waitFor(() => expect(feed.live).toBe(true));

    database.hold();
    database.values.set(site.sql, 1);
    database.notify();
    // The re-read above has read 1 and waits; a second write commits and is notified meanwhile.
    database.values.set(site.sql, 2);
    database.notify();
    database.release();
    await vi.waitFor(() => expect(feed.live).toBe(true));
    expect(await readers.site()).toBe(2);
  });

  it("reads the database from the moment the connection drops, reconnects, re-reads every counter, then serves again", async () => {
    const database = counterDatabase();
    const { feed, readers, fallbacks, log } = start(database);
    await vi.waitFor(() => expect(feed.live).toBe(true));

    database.state.refuse = true;
    database.drop();
    expect(feed.live).toBe(false);
    // Missed while away: nothing tells the feed of this change but the re-read.
    database.values.set(site.sql, 3);
    expect(await readers.site()).toBe(3);
    expect(fallbacks.site).toHaveBeenCalledTimes(1);
    // Reconnecting is refused at least once before it is let through, and still reads the database.
    const attempts = database.state.attempts;
    await vi.waitFor(() => expect(database.state.attempts).toBeGreaterThan(attempts));
    expect(feed.live).toBe(false);
    expect(await readers.site()).toBe(3);
    expect(fallbacks.site).toHaveBeenCalledTimes(2);

    database.state.refuse = false;
    await vi.waitFor(() => expect(feed.live).toBe(true));
    expect(database.state.connects).toBe(2);
    expect(await readers.site()).toBe(3);
    expect(fallbacks.site).toHaveBeenCalledTimes(2);
    // One outage, reported once however many attempts it took.
    expect(log).toMatchObject({ live: 1, lost: ["terminated"], back: 1 });
  });

  it("counts a connection whose re-read does not answer in time as lost, and reads the database meanwhile", async () => {
    const database = counterDatabase();
    const { feed, readers, log } = start(database, { heartbeatMs: 10, readDeadlineMs: 30 });
    await vi.waitFor(() => expect(feed.live).toBe(true));

    database.state.hang = true;
    database.state.refuse = true;
    await vi.waitFor(() => expect(feed.live).toBe(false));
    expect(log.lost).toEqual(["PostgreSQL did not answer a change counter's read within 30 ms"]);
    database.values.set(site.sql, 4);
    expect(await readers.site()).toBe(4);

    database.state.hang = false;
    database.state.refuse = false;
    await vi.waitFor(() => expect(feed.live).toBe(true));
    expect(await readers.site()).toBe(4);
  });

  it("reads the database once closed, and connects no more", async () => {
    const database = counterDatabase();
    const { feed, readers, fallbacks } = start(database);
    await vi.waitFor(() => expect(feed.live).toBe(true));
    await feed.close();
    expect(feed.live).toBe(false);
    database.values.set(site.sql, 9);
    expect(await readers.site()).toBe(9);
    expect(fallbacks.site).toHaveBeenCalledTimes(1);
    expect(database.state.connects).toBe(1);
  });
});
