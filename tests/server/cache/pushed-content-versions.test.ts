import { Writable } from "node:stream";
import request from "supertest";
import { sql, type Kysely } from "kysely";
import { vi } from "vitest";
import { contentVersionReader, pushContentVersions } from "../../../server/cache/content-versions";
import type { ContentVersionFeed } from "../../../server/cache/content-version-feed";
import { CONTENT_CHANGES_APPLICATION_NAME, postgresContentVersionFeed } from "../../../server/cache/pushed-content-versions";
import type { DatabaseHandle } from "../../../server/db/database";
import type { Database } from "../../../server/db/schema";
import { createLogger } from "../../../server/logging";
import { openDatabase } from "../../../server/open-database";
import { resourceListingVersionReader } from "../../../server/resources/cached-resource-listing";
import { schoolSearchVersionReader } from "../../../server/schools/search/cached-school-search";
import { searchIndexVersionReader } from "../../../server/search/cached-site-search";
import { seedPageCacheFixtures } from "../http/page-cache-support";
import { createTestDatabase, postgresAdminUrl, type TestDatabase } from "../support/databases";
import { startTcpProxy, throughProxy, type TcpProxy } from "../support/tcp-proxy";
import { createTestApp, type TestApp } from "../support/test-app";

/*
 * The change counters pushed over LISTEN/NOTIFY (migration 0029,
 * server/cache/pushed-content-versions.ts) on a real PostgreSQL: an app's
 * database handle whose readers follow the feed, the feed's own connection
 * through a TCP proxy the test cuts and restores, and the test's writes on a
 * handle of its own, as another process or a seed would write. Runs whenever
 * PostgreSQL tests do, and always in CI.
 */

type Readers = Record<"site" | "events" | "pages" | "search" | "listing" | "schools", () => Promise<number>>;

function readersOf(db: Kysely<Database>): Readers {
  return {
    site: contentVersionReader(db, "site"),
    events: contentVersionReader(db, "events"),
    pages: contentVersionReader(db, "pages"),
    search: searchIndexVersionReader(db),
    listing: resourceListingVersionReader(db),
    schools: schoolSearchVersionReader(db),
  };
}

const valuesOf = async (readers: Readers) => Object.fromEntries(await Promise.all(Object.entries(readers).map(async ([name, read]) => [name, await read()])));

describe.skipIf(!postgresAdminUrl())("change counters pushed over LISTEN/NOTIFY (PostgreSQL)", () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let app: DatabaseHandle;
  let feed: ContentVersionFeed;
  /** The app's readers, which follow the feed. */
  let pushed: Readers;
  /** The same counters read from the database on every call: the truth to compare with. */
  let direct: Readers;
  let log = "";
  const logged = (message: string) => log.split("\n").filter((line) => line.includes(message)).length;
  let writes = 0;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await seedPageCacheFixtures(database.db);
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    app = openDatabase(database.url, { maxConnections: 2 });
    // No heartbeat within the test's time: a change can only arrive by its notification.
    feed = postgresContentVersionFeed({ url: throughProxy(proxy, database.url), connectTimeoutMs: 2000, logger: createLogger("info", sink), heartbeatMs: 3_600_000 });
    pushContentVersions(app.db, feed);
    pushed = readersOf(app.db);
    direct = readersOf(database.db);
    feed.start();
    await vi.waitFor(() => expect(feed.live).toBe(true), { timeout: 10_000 });
  });
  afterAll(async () => {
    await feed?.close();
    await app?.close();
    await proxy?.close();
    await database?.dispose();
  });
  afterEach(() => vi.restoreAllMocks());

  /** A write to content behind every counter, committed when this returns. */
  async function changeEverything(): Promise<void> {
    writes += 1;
    await database.db.updateTable("resources").set({ title: `Renamed ${writes}` }).where("slug", "=", "macbeth-essay").execute();
    await database.db.updateTable("event_instances").set({ ends_at: `2026-07-04T2${writes % 10}:00:00.000Z` }).where("id", "=", 1).execute();
    await database.db.updateTable("pages").set({ title: `About us ${writes}` }).where("slug", "=", "about-us").execute();
    // The register has no rows here; the statement alone moves its counter, as the importer's statements do.
    await database.db.updateTable("schools").set({ name: "Renamed" }).where("urn", "=", "0").execute();
  }

  it("answers every reader from memory while live: no query at all, and the values the database holds", async () => {
    const queries = vi.spyOn(app.db, "executeQuery");
    const truth = await valuesOf(direct);
    for (let request = 0; request < 50; request++) expect(await valuesOf(pushed)).toEqual(truth);
    expect(queries).not.toHaveBeenCalled();
    expect(logged("content changes are pushed to this process")).toBe(1);
  });

  it("brings a committed change to every reader within a second, then answers from memory again", async () => {
    const before = await valuesOf(direct);
    await changeEverything();
    const after = await valuesOf(direct);
    for (const name of Object.keys(after)) expect(after[name]).toBeGreaterThan(before[name]);

    const committedAt = performance.now();
    await vi.waitFor(async () => expect(await valuesOf(pushed)).toEqual(after), { timeout: 1000, interval: 5 });
    expect(performance.now() - committedAt).toBeLessThan(1000);
    await vi.waitFor(() => expect(feed.live).toBe(true));
    const queries = vi.spyOn(app.db, "executeQuery");
    expect(await valuesOf(pushed)).toEqual(after);
    expect(queries).not.toHaveBeenCalled();
  });

  it("reads the counters from the database while the channel is down, so no change is missed, and re-reads them when it is back", async () => {
    await proxy.cut();
    await vi.waitFor(() => expect(feed.live).toBe(false));
    expect(logged("lost the content-change channel")).toBe(1);
    for (let round = 0; round < 3; round++) {
      await changeEverything();
      // At once, no waiting: the readers ask the database.
      expect(await valuesOf(pushed)).toEqual(await valuesOf(direct));
    }
    const duringOutage = await valuesOf(direct);

    // Back: nothing notified the changes above to the new connection; the re-read on reconnecting finds them.
    await proxy.restore();
    await vi.waitFor(() => expect(feed.live).toBe(true), { timeout: 5000 });
    expect(logged("content-change channel back")).toBe(1);
    const queries = vi.spyOn(app.db, "executeQuery");
    expect(await valuesOf(pushed)).toEqual(duringOutage);
    expect(queries).not.toHaveBeenCalled();
  });

  it("notices when its backend is terminated, reconnects, and follows changes again", async () => {
    const listener = () =>
      sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and application_name = ${CONTENT_CHANGES_APPLICATION_NAME}`.execute(
        database.db,
      );
    const [{ pid } = { pid: 0 }] = (await listener()).rows;
    expect(pid).toBeGreaterThan(0);
    const lost = logged("lost the content-change channel");
    const back = logged("content-change channel back");

    await sql`select pg_terminate_backend(${pid})`.execute(database.db);
    await vi.waitFor(() => expect(logged("lost the content-change channel")).toBe(lost + 1));
    await vi.waitFor(() => expect(logged("content-change channel back")).toBe(back + 1), { timeout: 5000 });
    const { rows } = await listener();
    expect(rows.map((row) => row.pid)).not.toContain(pid);
    expect(rows).toHaveLength(1);

    await changeEverything();
    const after = await valuesOf(direct);
    const committedAt = performance.now();
    await vi.waitFor(async () => expect(await valuesOf(pushed)).toEqual(after), { timeout: 1000, interval: 5 });
    expect(performance.now() - committedAt).toBeLessThan(1000);
  });
});

describe.skipIf(!postgresAdminUrl())("DATABASE_LISTEN_URL=none (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: "postgres", env: { DATABASE_LISTEN_URL: "none" } });
  });
  afterAll(() => t?.close());

  it("opens no channel: each kept answer reads its change counter from the database", async () => {
    expect(t.services.contentVersions).toBeUndefined();
    const queries = vi.spyOn(t.services.database.db, "executeQuery");
    await request(t.handleRequest).get("/search/autocomplete/?query=macbeth");
    queries.mockClear();
    const kept = await request(t.handleRequest).get("/search/autocomplete/?query=macbeth");
    expect(kept.status).toBe(200);
    expect(queries).toHaveBeenCalledTimes(1);
    const { rows } = await sql`select count(*) as listeners from pg_stat_activity where application_name = ${CONTENT_CHANGES_APPLICATION_NAME} and datname = current_database()`.execute(t.database.db);
    expect(rows).toEqual([{ listeners: 0 }]);
  });
});
