import { Migrator } from "kysely";
import { FolderMigrationProvider } from "../../../server/db/migrator";
import { createSiteSearch } from "../../../server/search/create-site-search";
import { searchTermsOf } from "../../../server/search/search-terms";
import { createTestDatabase, databaseEngines } from "../support/databases";
import { contentWriter } from "./search-content";

describe.each(databaseEngines)("migration 0008_search_index on %s", (engine) => {
  it("backfills content written before it, and can be reversed and reapplied", async () => {
    const database = await createTestDatabase(engine);
    try {
      const migrator = new Migrator({ db: database.db, provider: new FolderMigrationProvider() });
      const applied = async () => (await migrator.getMigrations()).filter((migration) => migration.executedAt).map((migration) => migration.name);
      while ((await applied()).includes("0008_search_index")) {
        const { error } = await migrator.migrateDown();
        if (error) throw error;
      }
      const content = contentWriter(database.db);
      await content.addPage({ slug: "instruments", title: "Xylophone workshop", body_html: "<p>Mallets.</p>" });
      await content.addResource({ title: "Glockenspiel guide" });
      await content.addEvent({ slug: "marimba", title: "Marimba night" });

      const { error } = await migrator.migrateToLatest();
      if (error) throw error;
      const search = createSiteSearch(database.handle);
      for (const [text, title] of [
        ["xylo", "Xylophone workshop"],
        ["mallets", "Xylophone workshop"],
        ["glock", "Glockenspiel guide"],
        ["marim", "Marimba night"],
      ]) {
        expect((await search.suggest(searchTermsOf(text!), 8)).map((hit) => hit.title), text).toEqual([title]);
      }
    } finally {
      await database.dispose();
    }
  });
});
