import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { createAuditLog } from "../../../server/audit/audit-log";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { testSessionSecret } from "../support/test-app";

/*
 * `npm run staff:create` as the first owner's operator runs it: the script in
 * its own process, reading DATABASE_URL and PUBLIC_URL, against a temporary
 * SQLite database.
 */

const run = promisify(execFile);
const tsx = path.resolve("node_modules/.bin/tsx");
const script = path.resolve("server/staff/staff-cli.ts");
const linkPattern = /^http:\/\/staff\.example:8080\/staff-enrol\/[A-Za-z0-9_-]{43}\/$/m;

// Each run is a Node process of its own: seconds apiece on a busy machine.
describe("npm run staff:create", { timeout: 120_000 }, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
  });
  afterAll(() => database.dispose());

  async function staffCreate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    // Only what an operator would set, plus the preload that lets another Node load better-sqlite3 (scripts/test-on-node-lts.sh).
    const preload = Object.fromEntries(
      ["NODE_OPTIONS", "BETTER_SQLITE3_ADDON", "BETTER_SQLITE3_ADDON_ABI"].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
    );
    const env = { PATH: process.env.PATH, DATABASE_URL: database.url, PUBLIC_URL: "http://staff.example:8080", SESSION_SECRET: testSessionSecret, NODE_ENV: "test", ...preload };
    try {
      const { stdout, stderr } = await run(tsx, [script, ...args], { env, cwd: path.join(database.url.slice("sqlite:".length), "..") });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  const accounts = () => database.db.selectFrom("staff_accounts").select(["email", "role", "enrolled_at"]).orderBy("id").execute();
  const openLinks = () => database.db.selectFrom("staff_enrolments").select(["token_hash", "expires_at"]).where("used_at", "is", null).execute();

  it("makes the account and prints its single-use enrolment link, good for 24 hours, recorded in the audit log", async () => {
    const { code, stdout } = await staffCreate("--email", " First.Owner@Greyfriars.example ", "--role", "owner");
    expect(code).toBe(0);
    expect(stdout).toContain("Made a staff account for first.owner@greyfriars.example (owner).");
    expect(stdout).toMatch(linkPattern);
    expect(await accounts()).toEqual([{ email: "first.owner@greyfriars.example", role: "owner", enrolled_at: null }]);
    const [link] = await openLinks();
    const hours = (Date.parse(link!.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    // Only the token's hash is kept.
    expect(stdout).not.toContain(link!.token_hash);
    const [event] = await createAuditLog(database.db).listSince(new Date(0));
    expect(event).toMatchObject({ event: "staff.created", staffActorId: null, details: { via: "command" }, record: { type: "staff", after: { email: "first.owner@greyfriars.example", role: "owner" } } });
  });

  it("refuses an address already on the staff (exit 2), unless asked for a new link, which replaces the old one and keeps the role", async () => {
    const refused = await staffCreate("--email", "first.owner@greyfriars.example", "--role", "support");
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe("first.owner@greyfriars.example is already on the staff (owner). Add --new-link to print a new enrolment link for them.");
    const [before] = await openLinks();
    const renewed = await staffCreate("--email", "first.owner@greyfriars.example", "--new-link");
    expect(renewed.code).toBe(0);
    expect(renewed.stdout).toMatch(linkPattern);
    const links = await openLinks();
    expect(links).toHaveLength(1);
    expect(links[0]!.token_hash).not.toBe(before!.token_hash);
    expect(await accounts()).toEqual([{ email: "first.owner@greyfriars.example", role: "owner", enrolled_at: null }]);
  });

  it("says how to use it, with exit code 2, for a missing or wrong argument", async () => {
    const answers = await Promise.all([[], ["--email", "a@greyfriars.example"], ["--email", "a@greyfriars.example", "--role", "admin"]].map((args) => staffCreate(...args)));
    for (const { code, stdout, stderr } of answers) {
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr.trim().split("\n")).toHaveLength(1);
    }
    expect(answers[1]!.stderr).toContain("Say which role with --role.");
    expect(answers[2]!.stderr.trim()).toBe("--role must be one of: support, membership, finance, owner.");
    expect(await accounts()).toHaveLength(1);
  });
});
