import path from "node:path";
import { parseDatabaseUrl } from "../../../server/db/database-url";

describe("parseDatabaseUrl", () => {
  it("resolves a relative SQLite file against the working directory", () => {
    expect(parseDatabaseUrl("sqlite:var/site.sqlite", "/srv/app")).toEqual({
      dialect: "sqlite",
      filename: path.resolve("/srv/app", "var/site.sqlite"),
    });
  });

  it("accepts absolute and in-memory SQLite", () => {
    expect(parseDatabaseUrl("sqlite:///tmp/site.sqlite")).toEqual({ dialect: "sqlite", filename: "/tmp/site.sqlite" });
    expect(parseDatabaseUrl("sqlite::memory:")).toEqual({ dialect: "sqlite", filename: ":memory:" });
  });

  it("switches to PostgreSQL for postgres:// and postgresql://", () => {
    expect(parseDatabaseUrl("postgres://db/site").dialect).toBe("postgres");
    expect(parseDatabaseUrl("postgresql://user:pw@db:5432/site")).toEqual({
      dialect: "postgres",
      connectionString: "postgresql://user:pw@db:5432/site",
    });
  });

  it("rejects anything else with a hint", () => {
    expect(() => parseDatabaseUrl("mysql://db/site")).toThrow('DATABASE_URL must start with "sqlite:" or "postgres://"');
    expect(() => parseDatabaseUrl("sqlite:")).toThrow("needs a file name");
  });
});
