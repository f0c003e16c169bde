import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { migrationsDir } from "../paths";

/** `0001_sessions.ts`: four digits, a name, a TypeScript or JavaScript module. */
const migrationFilePattern = /^(\d{4}_[a-z0-9_-]+)\.(ts|mts|js|mjs)$/i;

/**
 * Every `NNNN_name.ts` in a folder, imported in name order. Each exports
 * `up(db)` and `down(db)`. The same migrations run on SQLite and PostgreSQL.
 */
export class FolderMigrationProvider implements MigrationProvider {
  constructor(private readonly folder: string = migrationsDir) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.folder)).filter((file) => migrationFilePattern.test(file) && !file.endsWith(".d.ts")).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const name = migrationFilePattern.exec(file)![1]!;
      const module = (await import(pathToFileURL(path.join(this.folder, file)).href)) as Partial<Migration>;
      if (typeof module.up !== "function") {
        throw new Error(`Migration ${file} must export an async function up(db).`);
      }
      migrations[name] = { up: module.up, down: module.down };
    }
    return migrations;
  }
}

/** Applies every pending migration; throws the first failure with the migration's name. */
export async function migrateToLatest<DB>(db: Kysely<DB>, folder: string = migrationsDir): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider(folder) });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === "Error");
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed ? `"${failed.migrationName}" ` : ""}failed: ${reason}`, { cause: error });
  }
  return results.filter((result) => result.status === "Success").map((result) => result.migrationName);
}
