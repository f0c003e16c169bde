import request from "supertest";
import { seedFromDirectory } from "../../../server/content/seed";
import { createContentDirectory } from "../content/content-directory";
import { GALLERY_YAML, PEOPLE_YAML } from "../content/people-and-gallery-fixtures";
import { createTestApp, type TestApp } from "../support/test-app";

describe("the People and Gallery pages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const directory = createContentDirectory({ "site.yaml": "name: Test Playhouse\n", "people.yaml": PEOPLE_YAML, "gallery.yaml": GALLERY_YAML });
    await seedFromDirectory(t.database.db, directory.path);
    directory.remove();
  });
  afterAll(() => t.close());

  it("shows each team's profile covers, each linking to the person's page with the bio for the dialog", async () => {
    const response = await request(t.app).get("/people/");
    expect(response.status).toBe(200);
    const html = response.text;
    expect(html).toContain('<h2 id="team-artistic">Artistic team</h2>');
    expect(html).toContain('<h2 id="team-learning">Learning &amp; participation</h2>');
    expect(html.indexOf("Marianne Cole")).toBeLessThan(html.indexOf("Tom Brennan"));
    expect(html).toMatch(/data-widget="profile-dialog"[\s\S]*?<a class="profile-cover__link" href="\/people\/priya-raman\/">/);
    expect(html).toMatch(/<div class="profile-cover__bio" hidden>\s*<p>Priya <em>directs<\/em>.<\/p>/);
  });

  it("gives each person a page of their own, and 404 for anyone else", async () => {
    const response = await request(t.app).get("/people/priya-raman/");
    expect(response.status).toBe(200);
    expect(response.text).toContain('<h1 class="page-header__title">Priya Raman</h1>');
    expect(response.text).toContain("<p>Priya <em>directs</em>.</p>");
    expect(response.text).toContain('<p class="kicker">Artistic team</p>');
    expect((await request(t.app).get("/people/nobody/")).status).toBe(404);
    expect((await request(t.app).get("/people/priya-raman")).headers.location).toBe("/people/priya-raman/");
  });

  it("shows each gallery, every item a link to its full picture or video file", async () => {
    const response = await request(t.app).get("/gallery/");
    expect(response.status).toBe(200);
    const html = response.text;
    expect(html).toContain('<h2 id="gallery-macbeth">Macbeth</h2>');
    expect(html).toContain('id="gallery-macbeth-items" data-widget="gallery"');
    expect(html).toContain('<a class="gallery__link" href="/media/witches.jpg"');
    expect(html).toContain('data-sub-html-url="/media/witches.html"');
    expect(html).toContain("The witches &amp; the heath");
    expect(html).toMatch(/<a class="gallery__link" href="\/media\/trailer.webm"[^>]*data-video=/);
    expect(html).toContain("<strong>Trailer</strong>");
    expect((await request(t.app).get("/gallery")).headers.location).toBe("/gallery/");
  });

  it("gives every gallery on the page the LIGHTGALLERY_LICENSE_KEY, so production's lightboxes print no licence notice (issue 24)", async () => {
    // Without a key, each gallery's key is empty and lightGallery falls back to its evaluation key (and says so).
    const galleryRoots = (html: string) => [...html.matchAll(/<[^>]*data-widget="gallery"[^>]*>/g)].map((match) => /data-license-key="([^"]*)"/.exec(match[0])?.[1]);
    expect(galleryRoots((await request(t.app).get("/gallery/")).text)).toEqual(["", ""]);
    const licensed = await createTestApp({ env: { LIGHTGALLERY_LICENSE_KEY: "ABCD-1234-EFG-5678" } });
    try {
      const directory = createContentDirectory({ "site.yaml": "name: Test Playhouse\n", "gallery.yaml": GALLERY_YAML });
      await seedFromDirectory(licensed.database.db, directory.path);
      directory.remove();
      expect(galleryRoots((await request(licensed.app).get("/gallery/")).text)).toEqual(["ABCD-1234-EFG-5678", "ABCD-1234-EFG-5678"]);
    } finally {
      await licensed.close();
    }
  });

  it("says what to do when there is nothing to show yet", async () => {
    const empty = await createTestApp();
    try {
      expect((await request(empty.app).get("/people/")).text).toContain("Profiles of our team are on their way.");
      expect((await request(empty.app).get("/gallery/")).text).toContain("Photographs from this season are on their way.");
    } finally {
      await empty.close();
    }
  });
});
