import { vi } from "vitest";
import { seedPageCacheFixtures } from "../http/page-cache-support";
import { startAppProcess, type AppProcess } from "../support/app-processes";
import { createTestDatabase, postgresAdminUrl, type TestDatabase } from "../support/databases";
import { connectTestRedis, redisTestUrl, type TestRedis } from "../support/redis";
import { startTcpProxy, throughProxy, type TcpProxy } from "../support/tcp-proxy";

/*
 * Issue 27, "Kept answers in scale-out mode need no database round trip per
 * request": two real app processes (tsx server/main.ts) on one PostgreSQL
 * database and one Redis. Each hears content changes on its own connection
 * (DATABASE_LISTEN_URL, here through a TCP proxy the test cuts and restores)
 * instead of reading a change counter per request. A change written to the
 * database, as a seed or another process writes it, must reach the kept
 * answers of both within a second; while the channel is down, neither may
 * serve a stale answer.
 */

const canRun = Boolean(postgresAdminUrl() && redisTestUrl());

/** The kept answers of the issue: home page, the resources listing, autocomplete and the instances API. */
const keptAnswers = ["/", "/resources/", "/search/autocomplete/?query=banquet", "/api/attendable/v1/instances/?start_date=2026-06-29&end_date=2026-07-05"];

/** Each answer shows the banquet scene resource's title, or (the instances API) Hamlet's. */
const showsTake = (path: string, take: number) => (path.startsWith("/api/") ? `Hamlet, take ${take}` : `Banquet scene, take ${take}`);

describe.skipIf(!canRun)("content changes pushed to every app process", () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let proxy: TcpProxy;
  let processes: AppProcess[] = [];
  let take = 0;

  beforeAll(async () => {
    [database, redis] = await Promise.all([createTestDatabase("postgres"), connectTestRedis()]);
    // Not empty (a page), so the processes load no demo content.
    await seedPageCacheFixtures(database.db);
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const shared = {
      databaseUrl: database.url,
      redisUrl: redisTestUrl(),
      redisKeyPrefix: redis.prefix,
      publicUrl: "http://127.0.0.1:8443",
      env: { DATABASE_LISTEN_URL: throughProxy(proxy, database.url), DATABASE_CONNECT_TIMEOUT_MS: "2000" },
    };
    processes = await Promise.all([startAppProcess(shared), startAppProcess(shared)]);
    await everyProcessLogs("content changes are pushed to this process", 1);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((app) => app.stop()));
    await proxy?.close();
    await Promise.all([database?.dispose(), redis?.dispose()]);
  });

  const logged = (app: AppProcess, message: string) => app.output().split("\n").filter((line) => line.includes(message)).length;

  async function everyProcessLogs(message: string, times: number): Promise<void> {
    await vi.waitFor(() => processes.forEach((app) => expect(logged(app, message)).toBe(times)), { timeout: 10_000, interval: 20 });
  }

  const answer = async (app: AppProcess, path: string) => {
    const response = await fetch(app.baseUrl + path);
    expect(response.status).toBe(200);
    return { text: await response.text(), cache: response.headers.get("x-cache") };
  };

  /** Every kept answer asked twice on every process: each is kept now. */
  async function keepEverything(): Promise<void> {
    for (const app of processes) {
      for (const path of keptAnswers) {
        await answer(app, path);
        const again = await answer(app, path);
        if (!path.startsWith("/api/") && !path.startsWith("/search/")) expect(again.cache).toBe("hit");
      }
    }
  }

  /** A new title for the banquet scene resource and for Hamlet, committed when this returns. */
  async function renameContent(): Promise<number> {
    take += 1;
    await database.db.updateTable("resources").set({ title: `Banquet scene, take ${take}` }).where("slug", "=", "banquet-scene").execute();
    await database.db.updateTable("events").set({ title: `Hamlet, take ${take}` }).where("slug", "=", "hamlet").execute();
    return take;
  }

  /**
   * For each kept answer of each process, asked again and again until it shows
   * `current`: how long after `since` the first request that showed it was
   * sent. (Not when its answer came: the first answer after a change is a
   * render, which on a busy machine takes longer than the change took to arrive.)
   */
  async function sentSinceUntilShown(current: number, since: number): Promise<number[]> {
    return Promise.all(
      processes.flatMap((app) =>
        keptAnswers.map(async (path) => {
          for (;;) {
            const sentAt = performance.now();
            if ((await answer(app, path)).text.includes(showsTake(path, current))) return sentAt - since;
            if (performance.now() - since > 10_000) throw new Error(`${app.baseUrl}${path} still answers without take ${current}`);
          }
        }),
      ),
    );
  }

  it("brings a content change to the kept answers of both processes within a second", async () => {
    await keepEverything();
    // Timed from before the writes: a bound that can only be too long.
    const writing = performance.now();
    const current = await renameContent();
    for (const delay of await sentSinceUntilShown(current, writing)) expect(delay).toBeLessThan(1000);
  });

  it("serves nothing stale while the channel is down, and follows pushed changes again once it is back", async () => {
    await proxy.cut();
    await everyProcessLogs("lost the content-change channel", 1);
    await keepEverything();
    for (let round = 0; round < 2; round++) {
      const current = await renameContent();
      // At once, no waiting: without the channel each process reads the counters from the database.
      for (const app of processes) {
        for (const path of keptAnswers) expect((await answer(app, path)).text).toContain(showsTake(path, current));
      }
    }

    await proxy.restore();
    await everyProcessLogs("content-change channel back", 1);
    await keepEverything();
    // Timed from before the writes: a bound that can only be too long.
    const writing = performance.now();
    const current = await renameContent();
    for (const delay of await sentSinceUntilShown(current, writing)) expect(delay).toBeLessThan(1000);
  });
});
