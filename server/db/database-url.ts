import path from "node:path";

export type DatabaseDialect = "sqlite" | "postgres";

/** Where a DATABASE_URL points: an SQLite file, or a PostgreSQL server. */
export type DatabaseLocation =
  | { dialect: "sqlite"; filename: string }
  | { dialect: "postgres"; connectionString: string };

/**
 * Reads `sqlite:<file>` (relative to `cwd`; `sqlite:///abs/path` and
 * `sqlite::memory:` also work) or `postgres://…` / `postgresql://…`.
 */
export function parseDatabaseUrl(url: string, cwd: string = process.cwd()): DatabaseLocation {
  if (/^postgres(ql)?:\/\//.test(url)) return { dialect: "postgres", connectionString: url };
  if (url.startsWith("sqlite:")) {
    const file = url.slice("sqlite:".length).replace(/^\/\//, "");
    if (!file) throw new Error('DATABASE_URL "sqlite:" needs a file name, e.g. sqlite:var/site.sqlite');
    return { dialect: "sqlite", filename: file === ":memory:" ? file : path.resolve(cwd, file) };
  }
  throw new Error('DATABASE_URL must start with "sqlite:" or "postgres://"');
}
