import { FixtureValidationError } from "../../../server/content/fixture-errors";
import { loadGalleries } from "../../../server/gallery/gallery";
import { loadFixtures } from "../../../server/content/load-fixtures";
import { findPerson, loadPeopleTeams } from "../../../server/people/people";
import { seedFromDirectory } from "../../../server/content/seed";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { createContentDirectory, type ContentDirectory } from "./content-directory";
import { GALLERY_YAML, PEOPLE_YAML } from "./people-and-gallery-fixtures";

async function problemsOf(files: Record<string, string>): Promise<string[]> {
  const directory = createContentDirectory(files);
  try {
    await loadFixtures(directory.path);
  } catch (error) {
    if (error instanceof FixtureValidationError) return error.problems.map((problem) => problem.replace(`${directory.path}/`, ""));
    throw error;
  } finally {
    directory.remove();
  }
  return [];
}

describe("people.yaml and gallery.yaml", () => {
  it("names the record and field of an unknown team", async () => {
    const problems = await problemsOf({
      "people.yaml": "teams: [{ slug: artistic, label: Artistic }]\npeople:\n  - { slug: sam, name: Sam, role: Historian, team: history, bio_html: <p>Sam</p> }\n",
    });
    expect(problems).toEqual([expect.stringMatching(/people\.yaml: record 1 \("sam"\): team: unknown team "history" \(known: artistic\)$/)]);
  });

  it("checks that an item is a photo or a video, that a video has a poster, and that it has one kind of caption", async () => {
    const problems = await problemsOf({
      "gallery.yaml": `galleries:
  - slug: g
    title: G
    items:
      - { src: /a.jpg, video: { src: /a.webm, type: video/webm }, poster: /p.jpg, thumb: /t.jpg, alt: Both }
      - { video: { src: /b.webm, type: video/webm }, thumb: /t.jpg, alt: No poster }
      - { src: /c.jpg, thumb: /t.jpg, alt: Two captions, caption: Plain, caption_html: <b>Rich</b> }
`,
    });
    expect(problems).toEqual([
      expect.stringContaining("items[0].src: give either src (a photo) or video (a video), not both"),
      expect.stringContaining("items[1].poster: a video needs a poster image"),
      expect.stringContaining("items[2].caption_html: give caption (plain text) or caption_html, not both"),
    ]);
  });
});

describe.each(databaseEngines)("people and galleries on %s", (engine) => {
  let database: TestDatabase;
  let directory: ContentDirectory;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    directory = createContentDirectory({ "people.yaml": PEOPLE_YAML, "gallery.yaml": GALLERY_YAML });
    await seedFromDirectory(database.db, directory.path);
  });
  afterAll(async () => {
    directory.remove();
    await database.dispose();
  });

  it("lists teams in file order, each with its people in file order", async () => {
    const teams = await loadPeopleTeams(database.db);
    expect(teams.map((team) => [team.label, team.people.map((person) => person.name)])).toEqual([
      ["Artistic team", ["Priya Raman"]],
      ["Learning & participation", ["Marianne Cole", "Tom Brennan"]],
    ]);
    expect(teams[0]!.intro).toBe("Who chooses the plays.");
  });

  it("finds a person by slug, with their page's address and team", async () => {
    expect(await findPerson(database.db, "priya-raman")).toEqual({
      slug: "priya-raman",
      name: "Priya Raman",
      role: "Artistic Director",
      url: "/people/priya-raman/",
      portraitUrl: "/static/images/gallery/portrait-priya-raman.svg",
      portraitAlt: "",
      bioHtml: "<p>Priya <em>directs</em>.</p>",
      team: { slug: "artistic", label: "Artistic team" },
    });
    expect(await findPerson(database.db, "nobody")).toBeUndefined();
  });

  it("gives gallery items in the gallery macro's shape: photos with src, videos with a source list", async () => {
    const galleries = await loadGalleries(database.db);
    expect(galleries.map((gallery) => [gallery.slug, gallery.items.length])).toEqual([
      ["macbeth", 2],
      ["posters", 1],
    ]);
    expect(galleries[0]!.items).toEqual([
      { src: "/media/witches.jpg", thumb: "/media/witches-thumb.jpg", alt: "The witches", width: 1200, height: 800, caption: "The witches & the heath", subHtmlUrl: "/media/witches.html" },
      {
        video: { source: [{ src: "/media/trailer.webm", type: "video/webm" }] },
        poster: "/media/poster.jpg",
        thumb: "/media/poster.jpg",
        alt: "Trailer",
        width: 1280,
        height: 720,
        subHtml: "<strong>Trailer</strong>",
      },
    ]);
  });

  it("reseeds in place: people keep their ids, a gallery's items are replaced", async () => {
    const before = await database.db.selectFrom("people").select(["id", "slug"]).orderBy("id").execute();
    directory.write("gallery.yaml", GALLERY_YAML.replace("title: Posters", "title: Season posters").replace(/\n {6}- \{ video:.*\n/, "\n"));
    await seedFromDirectory(database.db, directory.path);
    expect(await database.db.selectFrom("people").select(["id", "slug"]).orderBy("id").execute()).toEqual(before);
    const galleries = await loadGalleries(database.db);
    expect(galleries.map((gallery) => [gallery.title, gallery.items.length])).toEqual([
      ["Macbeth", 1],
      ["Season posters", 1],
    ]);
  });
});
