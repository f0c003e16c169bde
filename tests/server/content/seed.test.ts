import type { Kysely } from "kysely";
import { verifyPassword } from "../../../server/accounts/password-hashing";
import { FixtureValidationError } from "../../../server/content/fixture-errors";
import { DEMO_CONTENT_DIRECTORY, seedFromDirectory, seedIfEmpty } from "../../../server/content/seed";
import type { Database } from "../../../server/db/schema";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { createContentDirectory, SMALL_EVENTS_YAML, type ContentDirectory } from "./content-directory";

const TABLES = [
  "site_settings",
  "pages",
  "event_taxonomy_terms",
  "events",
  "event_instances",
  "resources",
  "resource_facet_terms",
  "resource_facets",
  "resource_activities",
  "constituents",
  "memberships",
  "membership_benefits",
  "benefit_usages",
  "affiliations",
  "constituent_attributes",
  "schools",
] as const;

async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}

const DAY_MS = 86_400_000;
const now = new Date("2026-11-21T12:00:00.000Z");

describe.each(databaseEngines)("seeding content on %s", (engine) => {
  let database: TestDatabase;
  let directory: ContentDirectory | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());
  afterEach(() => directory?.remove());

  it("seeds an empty database once, then leaves it alone", async () => {
    expect(await seedIfEmpty(database.db, { now })).toBe(true);
    const counts = await rowCounts(database.db);
    // Constituents: the six demo people, the 287 open schools of establishments.csv and Lisbon British School (schools.yaml).
    expect(counts).toMatchObject({ pages: 4, events: 64, resources: 240, constituents: 294, memberships: 7, schools: 288 });
    // Seats: Riverside's teacher and admin, St Catherine's head, Bristol Primary's head; one email domain per demo school
    // (Bristol Primary has none, as on the real register), per school the payment journeys buy, and per school the invoice journeys order for.
    expect(counts).toMatchObject({ membership_benefits: 10, benefit_usages: 4, affiliations: 4, constituent_attributes: 10 });
    expect(counts.event_instances).toBeGreaterThanOrEqual(300);
    expect(await seedIfEmpty(database.db, { now })).toBe(false);
  });

  it("is idempotent: a rerun updates in place, keeping ids and counts", async () => {
    const before = await rowCounts(database.db);
    const eventIds = await database.db.selectFrom("events").select(["id", "slug"]).orderBy("id").execute();
    const activityIds = await database.db.selectFrom("resource_activities").select("id").orderBy("id").execute();
    const summary = await seedFromDirectory(database.db, DEMO_CONTENT_DIRECTORY, { now });
    expect(summary).toMatchObject({ pages: 4, events: 64, resources: 240, accounts: 6, memberships: 2, schools: 287 });
    expect(await rowCounts(database.db)).toEqual(before);
    expect(await database.db.selectFrom("events").select(["id", "slug"]).orderBy("id").execute()).toEqual(eventIds);
    expect(await database.db.selectFrom("resource_activities").select("id").orderBy("id").execute()).toEqual(activityIds);
  });

  it("updates an edited record and replaces an event's instances for a new seeding day", async () => {
    directory = createContentDirectory({}, { copyDemo: true });
    directory.write("events.yaml", directory.read("events.yaml").replace("    title: Macbeth\n", "    title: Macbeth (revival)\n"));
    const macbethStarts = () =>
      database.db
        .selectFrom("event_instances")
        .innerJoin("events", "events.id", "event_instances.event_id")
        .where("events.slug", "=", "macbeth")
        .select("starts_at")
        .orderBy("starts_at")
        .execute();
    const before = await macbethStarts();
    const counts = await rowCounts(database.db);
    const nextDay = new Date(now.getTime() + DAY_MS);
    const summary = await seedFromDirectory(database.db, directory.path, { now: nextDay });
    const macbeth = await database.db.selectFrom("events").select("title").where("slug", "=", "macbeth").executeTakeFirstOrThrow();
    expect(macbeth.title).toBe("Macbeth (revival)");
    const after = await rowCounts(database.db);
    expect({ ...after, event_instances: 0 }).toEqual({ ...counts, event_instances: 0 });
    expect(after.event_instances).toBe(summary.eventInstances);
    // Macbeth's run starts 28 days before the seeding day: Sat 24 October, then Sun 25 October
    // (no performance until Tue 27). The old instances are gone, not kept beside the new.
    expect(before[0]?.starts_at).toBe("2026-10-24T13:00:00.000Z");
    expect((await macbethStarts())[0]?.starts_at).toBe("2026-10-27T19:30:00.000Z");
  });

  it("keeps every demo instance between 4 weeks before and 12 weeks after the seeding day", async () => {
    const range = await database.db
      .selectFrom("event_instances")
      .select((eb) => [eb.fn.min("starts_at").as("first"), eb.fn.max("starts_at").as("last")])
      .executeTakeFirstOrThrow();
    const seededOn = Date.parse("2026-11-22T00:00:00.000Z");
    expect(Date.parse(range.first as string)).toBeGreaterThanOrEqual(seededOn - 28 * DAY_MS);
    expect(Date.parse(range.last as string)).toBeLessThan(seededOn + 85 * DAY_MS);
  });

  it("stores demo accounts with hashed passwords and memberships relative to the seeding day", async () => {
    const people = await database.db
      .selectFrom("constituents")
      .innerJoin("memberships", "memberships.constituent_id", "constituents.id")
      .innerJoin("account_credentials", "account_credentials.constituent_id", "constituents.id")
      .select(["email", "password_hash", "membership_level_id", "expires_at"])
      .where("kind", "=", "individual")
      .orderBy("email")
      .execute();
    expect(people.map((person) => person.email)).toEqual(["individual@example.com", "lapsed@example.com"]);
    const [individual, lapsed] = people;
    expect(await verifyPassword("Demo-pass-1!", individual!.password_hash!)).toBe(true);
    expect(individual!.membership_level_id).toBe(95);
    // Last seeded on 22 November: one expires a year after, the other a month before.
    expect(individual!.expires_at).toBe("2027-11-22T23:59:59.999Z");
    expect(lapsed!.expires_at).toBe("2026-10-23T22:59:59.999Z");
  });

  it("converts London times to UTC in both BST and GMT", async () => {
    directory = createContentDirectory({ "events.yaml": SMALL_EVENTS_YAML });
    const kingLearStart = async () =>
      (
        await database.db
          .selectFrom("event_instances")
          .innerJoin("events", "events.id", "event_instances.event_id")
          .where("events.slug", "=", "king-lear")
          .select("starts_at")
          .executeTakeFirstOrThrow()
      ).starts_at;
    await seedFromDirectory(database.db, directory.path, { now: new Date("2026-07-01T12:00:00Z") });
    expect(await kingLearStart()).toBe("2026-07-01T18:30:00.000Z");
    await seedFromDirectory(database.db, directory.path, { now: new Date("2026-01-15T12:00:00Z") });
    expect(await kingLearStart()).toBe("2026-01-15T19:30:00.000Z");
  });

  it("removes activities a resource no longer has, keeping the ids of the rest", async () => {
    const resourceYaml = (activities: string) => `
facets: { key_stage: [], subject: [], play_or_topic: [], theme: [] }
resources:
  - id: 90001
    resource_type: activity
    slug: test-resource
    title: Test resource
    summary: For a test.
    body_html: <p>Body</p>
    image_url: /static/images/demo/resource-01.svg
    image_alt: Three figures frozen in dramatic poses
    duration_minutes: 20
    published: -1
    activities:${activities}
`;
    const three = "\n      - { title: One, body_html: <p>1</p> }\n      - { title: Two, body_html: <p>2</p> }\n      - { title: Three, body_html: <p>3</p> }";
    directory = createContentDirectory({ "resources.yaml": resourceYaml(three) });
    await seedFromDirectory(database.db, directory.path, { now });
    const activities = () =>
      database.db.selectFrom("resource_activities").select(["id", "title"]).where("resource_id", "=", 90001).orderBy("position").execute();
    const before = await activities();
    directory.write("resources.yaml", resourceYaml("\n      - { title: One, body_html: <p>1</p> }\n      - { title: Second, body_html: <p>2</p> }"));
    await seedFromDirectory(database.db, directory.path, { now });
    expect(await activities()).toEqual([before[0], { id: before[1]!.id, title: "Second" }]);
  });

  it("lets a regenerated file move slugs between resource ids", async () => {
    const resources = (pairs: [number, string][]) => `
facets: { key_stage: [], subject: [], play_or_topic: [], theme: [] }
resources:${pairs
      .map(
        ([id, slug]) => `
  - { id: ${id}, resource_type: video, slug: ${slug}, title: ${slug}, summary: S, body_html: <p>B</p>,
      image_url: /static/images/demo/resource-01.svg, image_alt: Figures, duration_minutes: 5, published: -1 }`,
      )
      .join("")}
`;
    directory = createContentDirectory({ "resources.yaml": resources([[91001, "swap-a"], [91002, "swap-b"]]) });
    await seedFromDirectory(database.db, directory.path, { now });
    directory.write("resources.yaml", resources([[91001, "swap-b"], [91002, "swap-a"], [91003, "swap-c"]]));
    await seedFromDirectory(database.db, directory.path, { now });
    directory.write("resources.yaml", resources([[91004, "swap-c"]]));
    await seedFromDirectory(database.db, directory.path, { now });
    const rows = await database.db.selectFrom("resources").select(["id", "slug"]).where("id", ">", 91000).orderBy("id").execute();
    // 91003 is no longer in the file: it is kept, under a slug that frees "swap-c" for 91004.
    expect(rows).toEqual([
      { id: 91001, slug: "swap-b" },
      { id: 91002, slug: "swap-a" },
      { id: 91003, slug: "swap-c--91003" },
      { id: 91004, slug: "swap-c" },
    ]);
  });

  it("writes nothing when the content turns out to be invalid part-way through", async () => {
    directory = createContentDirectory({
      "pages.yaml": "pages:\n  - { slug: rollback-test, title: Rollback, body_html: <p>x</p> }\n",
      "events.yaml": SMALL_EVENTS_YAML.replace("{ from: 1, to: 7,", '{ from: "2027-01-01", to: 7,'),
    });
    await expect(seedFromDirectory(database.db, directory.path, { now })).rejects.toThrow(FixtureValidationError);
    expect(await database.db.selectFrom("pages").select("id").where("slug", "=", "rollback-test").execute()).toEqual([]);
  });

  it("refuses a register file or schools.yaml naming a real school's URN: the demo never writes one it did not create", async () => {
    directory = createContentDirectory({}, { copyDemo: true });
    directory.write("establishments.csv", directory.read("establishments.csv").replace("9000002,", "100002,"));
    const pagesBefore = await rowCounts(database.db);
    await expect(seedFromDirectory(database.db, directory.path, { now })).rejects.toThrow(/establishments\.csv: URN 100002 is not a demo URN/);
    expect(await rowCounts(database.db)).toEqual(pagesBefore);

    directory.remove();
    directory = createContentDirectory({}, { copyDemo: true });
    directory.write("schools.yaml", directory.read("schools.yaml").replace('urn: "9000002"', 'urn: "100002"'));
    await expect(seedFromDirectory(database.db, directory.path, { now })).rejects.toThrow(/Riverside Academy: URN 100002 is not a demo URN/);
  });

  it("refuses a register file with a bad row, naming the file and line, and writes nothing", async () => {
    directory = createContentDirectory({}, { copyDemo: true });
    directory.write("establishments.csv", `${directory.read("establishments.csv")}999999,broken,row\r\n`);
    const pagesBefore = await rowCounts(database.db);
    const seeding = seedFromDirectory(database.db, directory.path, { now });
    await expect(seeding).rejects.toThrow(FixtureValidationError);
    await expect(seeding).rejects.toThrow(/establishments\.csv: line 302: expected 16 fields, found 3/);
    expect(await rowCounts(database.db)).toEqual(pagesBefore);
  });
});

describe.each(databaseEngines)("seeding a site whose CRM is Tessitura, on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  it("loads the content without the demo's CRM records, which the site would never read, once", async () => {
    expect(await seedIfEmpty(database.db, { now, crmProvider: "tessitura" })).toBe(true);
    const counts = await rowCounts(database.db);
    expect(counts).toMatchObject({ pages: 4, events: 64, resources: 240 });
    expect(counts).toMatchObject({ constituents: 0, memberships: 0, affiliations: 0, constituent_attributes: 0, schools: 0 });
    expect(await database.db.selectFrom("account_credentials").select("constituent_id").execute()).toEqual([]);
    // The pages make it not empty: a restart seeds nothing more.
    expect(await seedIfEmpty(database.db, { now, crmProvider: "tessitura" })).toBe(false);
    const summary = await seedFromDirectory(database.db, DEMO_CONTENT_DIRECTORY, { now, crmProvider: "tessitura" });
    expect(summary).toMatchObject({ pages: 4, accounts: 0, memberships: 0, schools: 0 });
  });
});
