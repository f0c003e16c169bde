import type { SessionData } from "express-session";
import { KyselySessionStore } from "../../../../server/http/session/kysely-session-store";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../../support/databases";

function sessionData(expires: number, extra: Record<string, unknown> = {}): SessionData {
  return { cookie: { expires: new Date(expires), originalMaxAge: 60_000, httpOnly: true, path: "/" }, ...extra } as unknown as SessionData;
}

/** The store's callback API as promises. */
function call<T>(invoke: (callback: (error: unknown, value?: T) => void) => void): Promise<T | undefined> {
  return new Promise((resolve, reject) => invoke((error, value) => (error ? reject(error) : resolve(value))));
}

describe.each(databaseEngines)("KyselySessionStore on %s", (engine) => {
  let database: TestDatabase;
  let now: number;
  let store: KyselySessionStore;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    now = Date.UTC(2026, 0, 10, 12);
    await database.db.deleteFrom("sessions").execute();
    store = new KyselySessionStore(database.db, { now: () => now });
  });
  afterEach(() => store.close());

  const expiresOf = async (sid: string) =>
    (await database.db.selectFrom("sessions").select("expires_at").where("sid", "=", sid).executeTakeFirst())?.expires_at;

  it("stores, reads back and replaces a session", async () => {
    await call((done) => store.set("abc", sessionData(now + 60_000, { csrfToken: "t1", createdAt: now }), done));
    const read = await call<SessionData | null>((done) => store.get("abc", done));
    expect(read).toMatchObject({ csrfToken: "t1", createdAt: now });
    expect(new Date(read!.cookie.expires!).getTime()).toBe(now + 60_000);

    await call((done) => store.set("abc", sessionData(now + 90_000, { csrfToken: "t2" }), done));
    expect(await call((done) => store.get("abc", done))).toMatchObject({ csrfToken: "t2" });
    expect(await expiresOf("abc")).toBe(now + 90_000);
    const rows = await database.db.selectFrom("sessions").select(["sid", "created_at"]).execute();
    expect(rows).toEqual([{ sid: "abc", created_at: now }]);
  });

  it("returns null for an unknown session", async () => {
    expect(await call((done) => store.get("missing", done))).toBeNull();
  });

  it("destroys a session", async () => {
    await call((done) => store.set("gone", sessionData(now + 60_000), done));
    await call((done) => store.destroy("gone", done));
    expect(await call((done) => store.get("gone", done))).toBeNull();
  });

  it("ignores an expired session and prunes it", async () => {
    await call((done) => store.set("old", sessionData(now + 1_000), done));
    await call((done) => store.set("live", sessionData(now + 60_000), done));
    now += 1_000;
    expect(await call((done) => store.get("old", done))).toBeNull();
    expect(await store.pruneExpired()).toBe(1);
    expect(await expiresOf("old")).toBeUndefined();
    expect(await call((done) => store.get("live", done))).not.toBeNull();
  });

  it("touch extends the expiry, skipping writes within a minute of the stored one", async () => {
    await call((done) => store.set("t", sessionData(now + 60_000), done));
    await call((done) => store.touch("t", sessionData(now + 90_000), done));
    expect(await expiresOf("t")).toBe(now + 60_000);
    await call((done) => store.touch("t", sessionData(now + 10 * 60_000), done));
    expect(await expiresOf("t")).toBe(now + 10 * 60_000);
    now += 5 * 60_000;
    expect(await call((done) => store.get("t", done))).not.toBeNull();
  });

  it("reads a session with the row's expiry, which a touch moved on (not the one saved in it)", async () => {
    await call((done) => store.set("rolled", sessionData(now + 60_000), done));
    await call((done) => store.touch("rolled", sessionData(now + 10 * 60_000), done));
    const read = await call<SessionData | null>((done) => store.get("rolled", done));
    expect(new Date(read!.cookie.expires!).getTime()).toBe(now + 10 * 60_000);
  });

  it("keeps a session without a cookie expiry for the fallback lifetime", async () => {
    const shortStore = new KyselySessionStore(database.db, { now: () => now, fallbackTtlMs: 5_000 });
    await call((done) => shortStore.set("f", { cookie: {} } as unknown as SessionData, done));
    expect(await expiresOf("f")).toBe(now + 5_000);
    shortStore.close();
  });

  it("prunes in the background until closed", async () => {
    const pruning = new KyselySessionStore(database.db, { now: () => now, pruneIntervalMs: 20 });
    await call((done) => pruning.set("soon", sessionData(now + 10), done));
    now += 10;
    await vi.waitFor(async () => expect(await expiresOf("soon")).toBeUndefined(), { timeout: 2_000 });
    pruning.close();
    await call((done) => pruning.set("later", sessionData(now + 10), done));
    now += 10;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await expiresOf("later")).toBe(now);
  });
});
