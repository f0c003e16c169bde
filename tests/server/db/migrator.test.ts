import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { FolderMigrationProvider, migrateToLatest } from "../../../server/db/migrator";
import { createTestDatabase } from "../support/databases";

describe("migrations", () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const write = (file: string, body: string) => writeFileSync(path.join(folder, file), body);

  it("imports NNNN_name files in order and ignores everything else", async () => {
    write("0002_second.mjs", "export async function up() {}\n");
    write("0001_first.mjs", "export async function up() {}\nexport async function down() {}\n");
    write("README.md", "notes");
    write("helpers.mjs", "export const x = 1;\n");
    const migrations = await new FolderMigrationProvider(folder).getMigrations();
    expect(Object.keys(migrations)).toEqual(["0001_first", "0002_second"]);
    expect(typeof migrations["0001_first"]!.down).toBe("function");
  });

  it("says which file lacks an up function", async () => {
    write("0001_broken.mjs", "export const nothing = 1;\n");
    await expect(new FolderMigrationProvider(folder).getMigrations()).rejects.toThrow("Migration 0001_broken.mjs must export an async function up(db).");
  });

  it("applies pending migrations once and names a failing one", async () => {
    const database = await createTestDatabase("sqlite", { migrate: false });
    try {
      write("0001_notes.mjs", "export async function up(db) { await db.schema.createTable('notes').addColumn('id', 'integer').execute(); }\n");
      expect(await migrateToLatest(database.db, folder)).toEqual(["0001_notes"]);
      expect(await migrateToLatest(database.db, folder)).toEqual([]);
      write("0002_bad.mjs", "export async function up(db) { await db.schema.createTable('notes').addColumn('id', 'integer').execute(); }\n");
      await expect(migrateToLatest(database.db, folder)).rejects.toThrow(/Database migration "0002_bad" failed: .*notes/);
    } finally {
      await database.dispose();
    }
  });
});
