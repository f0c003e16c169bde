import { postgresSiteSearch } from "../../../server/search/postgres-site-search";
import { searchTermsOf } from "../../../server/search/search-terms";
import { sqliteSiteSearch } from "../../../server/search/sqlite-site-search";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { contentWriter } from "./search-content";

describe.each(databaseEngines)("site search's clock on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await contentWriter(database.db).addResource({ title: "Zyzzyva: a stage beetle", published_at: "2030-06-01T09:00:00.000Z" });
  });
  afterAll(() => database.dispose());

  it("judges a results page's count and its rows at one moment, so they always agree", async () => {
    // Each reading a year after the last: the resource is unpublished at the first, published at the second.
    let year = 2030;
    const now = () => new Date(`${year++}-01-01T00:00:00.000Z`);
    const search = engine === "postgres" ? postgresSiteSearch(database.db, { now }) : sqliteSiteSearch(database.db, { now });
    const results = await search.search(searchTermsOf("zyzzyva"), { page: 1, pageSize: 10 });
    expect(results.hits).toHaveLength(results.total);
  });
});
