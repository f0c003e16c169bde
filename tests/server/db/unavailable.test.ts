import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import pg from "pg";
import { isDatabaseUnavailable } from "../../../server/db/unavailable";

/** What one call throws, or undefined. */
function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("isDatabaseUnavailable", () => {
  it("recognises SQLite's real errors for a locked file and a file that cannot be opened", () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "unavailable-"));
    try {
      const file = path.join(directory, "site.sqlite");
      const holder = new SqliteDatabase(file);
      holder.exec("create table t (x integer)");
      holder.exec("begin exclusive");
      const other = new SqliteDatabase(file, { timeout: 0 });
      const busy = thrownBy(() => other.exec("insert into t values (1)"));
      expect(busy).toMatchObject({ code: expect.stringMatching(/^SQLITE_BUSY/) });
      expect(isDatabaseUnavailable(busy)).toBe(true);
      holder.exec("rollback");
      other.close();
      holder.close();

      // A path SQLite cannot open as a database (here a directory): SQLITE_CANTOPEN.
      const cantOpen = thrownBy(() => new SqliteDatabase(directory));
      expect(cantOpen).toMatchObject({ code: "SQLITE_CANTOPEN" });
      expect(isDatabaseUnavailable(cantOpen)).toBe(true);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("recognises a refused PostgreSQL connection (a closed port)", async () => {
    // Port 9 (discard) is not a PostgreSQL server on any test machine; the connection is refused at once.
    const client = new pg.Client({ host: "127.0.0.1", port: 9, user: "nobody", connectionTimeoutMillis: 2000 });
    const refused = await client.connect().catch((error: unknown) => error);
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it.each([
    ["admin shutdown", Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })],
    ["starting up", Object.assign(new Error("the database system is starting up"), { code: "57P03" })],
    ["a connection exception", Object.assign(new Error("connection failure"), { code: "08006" })],
    ["the statement timeout", Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" })],
    ["a lost connection", new Error("Connection terminated unexpectedly")],
    ["a full pool", new Error("timeout exceeded when trying to connect")],
  ])("recognises %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", Object.assign(new Error("duplicate key value"), { code: "23505" })],
    ["a syntax error", Object.assign(new Error("syntax error"), { code: "42601" })],
    ["a constraint failure on SQLite", Object.assign(new Error("UNIQUE constraint failed"), { code: "SQLITE_CONSTRAINT_UNIQUE" })],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["something not an error", "ECONNREFUSED"],
  ])("leaves %s a 500", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
