import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { createAuditLog } from "../../../server/audit/audit-log";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { testSessionSecret } from "../support/test-app";

/*
 * `npm run audit` as staff run it: the script in its own process, reading
 * DATABASE_URL, against a temporary SQLite database holding three events.
 */

const run = promisify(execFile);
const tsx = path.resolve("node_modules/.bin/tsx");
const script = path.resolve("server/audit/audit-cli.ts");

describe("npm run audit", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    const at = (iso: string) => createAuditLog(database.db, () => new Date(iso));
    await at("2024-01-10T08:00:00Z").record({ event: "sign-in.failed", ip: "203.0.113.9", details: { email: "old@example.org", reason: "wrong-credentials" } });
    await at("2025-03-01T09:15:00Z").record({ event: "sign-in.succeeded", actorId: 7, subjectId: 7, ip: "203.0.113.10" });
    await at("2025-03-02T12:00:00Z").record({ event: "email.changed", actorId: 7, subjectId: 7, ip: "203.0.113.10", details: { newEmail: "new@example.org" } });
  });
  afterAll(() => database.dispose());

  async function audit(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    // Only what staff would set, plus the preload that lets another Node load better-sqlite3 (scripts/test-on-node-lts.sh).
    const preload = Object.fromEntries(
      ["NODE_OPTIONS", "BETTER_SQLITE3_ADDON", "BETTER_SQLITE3_ADDON_ABI"].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
    );
    const env = { PATH: process.env.PATH, DATABASE_URL: database.url, SESSION_SECRET: testSessionSecret, NODE_ENV: "test", ...preload };
    try {
      const { stdout, stderr } = await run(tsx, [script, ...args], { env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it("prints the events since a date as a table, oldest first", async () => {
    const { code, stdout } = await audit("--since", "2025-03-01");
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^occurred_at\s+event\s+actor\s+subject\s+ip\s+record\s+details$/);
    expect(lines[1]).toMatch(/^2025-03-01T09:15:00\.000Z\s+sign-in\.succeeded\s+7\s+7\s+203\.0\.113\.10\s+-\s+\{\}$/);
    expect(lines[2]).toMatch(/^2025-03-02T12:00:00\.000Z\s+email\.changed\s+7\s+7\s+203\.0\.113\.10\s+-\s+\{"newEmail":"new@example\.org"\}$/);
  });

  it("takes a date and time, and --json prints one object per line", async () => {
    const { code, stdout } = await audit("--since", "2025-03-01T10:00Z", "--json");
    expect(code).toBe(0);
    const records = stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toEqual([
      { id: 3, occurredAt: "2025-03-02T12:00:00.000Z", event: "email.changed", actorId: 7, subjectId: 7, ip: "203.0.113.10", details: { newEmail: "new@example.org" }, staffActorId: null, record: null },
    ]);
  });

  it("says so when nothing happened since then", async () => {
    const { code, stdout } = await audit("--since", "2030-01-01");
    expect(code).toBe(0);
    expect(stdout.trim()).toBe("No audit events since 2030-01-01T00:00:00.000Z.");
  });

  it("refuses a date that is not one with one line saying how to write it, and exit code 2", async () => {
    for (const bad of ["last-tuesday", "2025-02-30", "01/03/2025"]) {
      const { code, stdout, stderr } = await audit("--since", bad);
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr.trim()).toBe(`--since "${bad}" is not a date: write it as 2025-01-31 or 2025-01-31T09:30Z (UTC).`);
    }
    const missing = await audit();
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("--prune deletes only what is older than the 12 months kept", async () => {
    await createAuditLog(database.db).record({ event: "password.changed", actorId: 8, subjectId: 8 });
    const { code, stderr } = await audit("--prune");
    expect(code).toBe(0);
    expect(stderr).toMatch(/^Deleted [1-3] audit events from before .* \(12 months are kept\)\.\n$/);
    const left = await database.db.selectFrom("audit_events").select(["occurred_at", "subject_id"]).execute();
    const cutoff = new Date();
    cutoff.setUTCMonth(cutoff.getUTCMonth() - 12);
    expect(left.every((row) => row.occurred_at >= cutoff.toISOString())).toBe(true);
    expect(left.map((row) => row.subject_id)).toContain(8);
  });
});
