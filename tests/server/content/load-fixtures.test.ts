import path from "node:path";
import { FixtureValidationError } from "../../../server/content/fixture-errors";
import { loadFixtures } from "../../../server/content/load-fixtures";
import { createContentDirectory, SMALL_EVENTS_YAML, type ContentDirectory } from "./content-directory";

async function problemsOf(directory: ContentDirectory): Promise<string[]> {
  try {
    await loadFixtures(directory.path);
  } catch (error) {
    if (error instanceof FixtureValidationError) return [...error.problems];
    throw error;
  }
  throw new Error("expected the content to be rejected");
}

describe("loading a content directory", () => {
  let directory: ContentDirectory;
  afterEach(() => directory.remove());

  const eventsFile = () => path.join(directory.path, "events.yaml");

  it("loads valid content, applying defaults", async () => {
    directory = createContentDirectory({ "events.yaml": SMALL_EVENTS_YAML });
    const content = await loadFixtures(directory.path);
    expect(content.events?.events.map((event) => event.slug)).toEqual(["king-lear", "hamlet"]);
    expect(content.events?.events[1]?.dates).toEqual([]);
    expect(content.pages).toBeUndefined();
  });

  it("names the file, the record and the field of a bad value", async () => {
    directory = createContentDirectory({ "events.yaml": SMALL_EVENTS_YAML.replace('times: ["19:30"]', 'times: ["7.30pm"]') });
    expect(await problemsOf(directory)).toEqual([`${eventsFile()}: record 2 ("hamlet"): runs[0].times[0]: expected HH:MM`]);
  });

  it("says a missing field is required, and lists every problem at once", async () => {
    directory = createContentDirectory({
      "events.yaml": SMALL_EVENTS_YAML.replace("    title: King Lear\n", "").replace("duration: 210", "duration: -5"),
    });
    expect(await problemsOf(directory)).toEqual([
      `${eventsFile()}: record 1 ("king-lear"): title: required`,
      `${eventsFile()}: record 2 ("hamlet"): duration: expected at least 1 minute`,
    ]);
  });

  it("rejects a taxonomy slug the file does not define, listing the known ones", async () => {
    directory = createContentDirectory({ "events.yaml": SMALL_EVENTS_YAML.replace("venue: main-house\n    duration: 210", "venue: the-studio\n    duration: 210") });
    expect(await problemsOf(directory)).toEqual([
      `${eventsFile()}: record 2 ("hamlet"): venue: unknown venue "the-studio" (known: main-house)`,
    ]);
  });

  it("rejects duplicate slugs", async () => {
    directory = createContentDirectory({ "events.yaml": SMALL_EVENTS_YAML.replace("slug: hamlet", "slug: king-lear") });
    expect(await problemsOf(directory)).toEqual([`${eventsFile()}: record 2 ("king-lear"): slug: "king-lear" is already used by record 1`]);
  });

  it("rejects misspelt field names rather than ignoring them", async () => {
    directory = createContentDirectory({ "events.yaml": SMALL_EVENTS_YAML.replace("summary: An old king", "sumary: An old king") });
    expect(await problemsOf(directory)).toEqual([
      `${eventsFile()}: record 1 ("king-lear"): summary: required`,
      `${eventsFile()}: record 1 ("king-lear"): Unrecognized key: "sumary"`,
    ]);
  });

  it("reports YAML syntax errors with their line", async () => {
    directory = createContentDirectory({ "pages.yaml": "pages:\n  - slug: about\n    title: About: us\n" });
    const problems = await problemsOf(directory);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/pages\.yaml: .*line 3, column \d+$/);
  });

  it("checks resources' facets, ids and types, and accounts' emails", async () => {
    directory = createContentDirectory({
      "resources.yaml": `
facets: { key_stage: [{ slug: ks3, label: Key Stage 3 }], subject: [], play_or_topic: [], theme: [] }
resources:
  - { id: 7, resource_type: podcast, slug: a, title: A, summary: S, body_html: <p>B</p>, image_url: /a.svg, image_alt: A, duration_minutes: 10, published: -1, key_stage: [ks9] }
  - { id: 7, resource_type: video, slug: b, title: B, summary: S, body_html: <p>B</p>, image_url: /b.svg, image_alt: B, duration_minutes: 10, published: "2026-13-01" }
`,
      "accounts.yaml": "accounts:\n  - { email: not-an-email, first_name: A, last_name: B }\n",
    });
    const problems = await problemsOf(directory);
    const resources = path.join(directory.path, "resources.yaml");
    expect(problems).toEqual(
      expect.arrayContaining([
        `${resources}: record 1 ("a"): resource_type: expected one of: activity, lesson-plan, video, worksheet, guide`,
        `${resources}: record 2 ("b"): published: expected a day offset such as -7 or 14, or a date YYYY-MM-DD`,
        `${path.join(directory.path, "accounts.yaml")}: record 1 ("not-an-email"): email: expected an email address`,
      ]),
    );
    expect(problems).toHaveLength(3);
    // Record 1 is invalid, so the duplicate id and unknown facet are only reported once it is fixed.
    directory.write("resources.yaml", directory.read("resources.yaml").replace("podcast", "video").replace('"2026-13-01"', "-2"));
    directory.write("accounts.yaml", "accounts: []\n");
    expect(await problemsOf(directory)).toEqual([
      `${resources}: record 2 ("b"): id: 7 is already used by record 1`,
      `${resources}: record 1 ("a"): key_stage[0]: unknown key_stage "ks9" (known: ks3)`,
    ]);
  });

  it("rejects unknown files and a directory with no content", async () => {
    directory = createContentDirectory({ "event.yaml": "events: []\n", "README.md": "notes" });
    await expect(loadFixtures(directory.path)).rejects.toThrow(/no content files; expected one or more of site\.yaml/);
    directory.write("site.yaml", "name: Greyfriars Playhouse\n");
    expect(await problemsOf(directory)).toEqual([
      `${path.join(directory.path, "event.yaml")}: not a content file; expected one of site.yaml, pages.yaml, events.yaml, resources.yaml, accounts.yaml, people.yaml, gallery.yaml, schools.yaml`,
    ]);
  });

  it("explains a directory that does not exist", async () => {
    directory = createContentDirectory();
    await expect(loadFixtures(path.join(directory.path, "missing"))).rejects.toThrow(/no such content directory/);
  });

  it("shows paths inside the working directory relative to it", async () => {
    await expect(loadFixtures("fixtures/content")).resolves.toBeDefined();
    directory = createContentDirectory();
    const error = await loadFixtures("server").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FixtureValidationError);
    expect((error as Error).message).toContain("server: no content files");
  });
});
