import { statSync } from "node:fs";
import path from "node:path";
import request from "supertest";
import { seedFromDirectory } from "../../../server/content/seed";
import { DEMO_DOWNLOAD, DEMO_VIDEO } from "../../../fixtures/generators/resources/generate-resources";
import { downloadDescriptionOf, fileSizeLabelOf } from "../../../server/domain/download-files";
import { addPerson, inAYear } from "../accounts/support";
import { createContentDirectory } from "../content/content-directory";
import { signedInBrowser } from "../my-account/support";
import { createTestApp, type TestApp } from "../support/test-app";

/*
 * Issue 24: a Video resource plays its film (captions, a poster, no
 * autoplay) and a worksheet downloads as a file with its size and type, for
 * members; the demo's media files are real files under static/media/demo.
 */

const RESOURCES_YAML = `
facets: { key_stage: [{ slug: ks3, label: Key Stage 3 }], subject: [], play_or_topic: [], theme: [] }
resources:
  - { id: 1, resource_type: video, slug: rehearsal-film, title: Rehearsal film, summary: A film., body_html: <p>Watch it.</p>,
      image_url: /static/images/demo/resource-01.svg, image_alt: A still, duration_minutes: 14, published: -1, key_stage: [ks3],
      video: { url: "${DEMO_VIDEO.url}", poster_url: "${DEMO_VIDEO.poster_url}", captions_url: "${DEMO_VIDEO.captions_url}" } }
  - { id: 2, resource_type: worksheet, slug: set-design, title: Set design, summary: A worksheet., body_html: <p>Design it.</p>,
      image_url: /static/images/demo/resource-02.svg, image_alt: A page, duration_minutes: 40, published: -1, key_stage: [ks3],
      download: "${DEMO_DOWNLOAD}" }
`;

const pdfBytes = statSync(path.resolve("static", DEMO_DOWNLOAD.slice("/static/".length))).size;

describe("resource media", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const directory = createContentDirectory({ "site.yaml": "name: Test Playhouse\n", "resources.yaml": RESOURCES_YAML });
    try {
      await seedFromDirectory(t.database.db, directory.path, { now: new Date() });
    } finally {
      directory.remove();
    }
    await addPerson(t.database.db, { email: "member@example.org", membershipExpiresAt: inAYear() });
  });
  afterAll(() => t.close());

  it("names a file's kind and size as a visitor reads them", () => {
    expect(downloadDescriptionOf("application/pdf", 122_880)).toBe("PDF, 120 KB");
    expect(fileSizeLabelOf(300)).toBe("1 KB");
    expect(fileSizeLabelOf(3 * 1024 * 1024)).toBe("3 MB");
    expect(fileSizeLabelOf(1.5 * 1024 * 1024)).toBe("1.5 MB");
  });

  it("plays a member the film: controls, a poster, English captions, nothing loaded or played before Play", async () => {
    const { agent } = await signedInBrowser(t.app, "member@example.org");
    const html = (await agent.get("/resources/rehearsal-film/")).text;
    const video = /<video [^>]*>[\s\S]*?<\/video>/.exec(html)?.[0] ?? "";
    expect(video).toContain(`controls preload="none" poster="${DEMO_VIDEO.poster_url}"`);
    expect(video).not.toMatch(/autoplay/);
    expect(video).toContain(`<source src="${DEMO_VIDEO.url}" type="video/webm">`);
    expect(video).toContain(`<track kind="captions" src="${DEMO_VIDEO.captions_url}" srclang="en" label="English">`);
  });

  it("offers a member the worksheet with its kind and size, and sends it as a file", async () => {
    const { agent } = await signedInBrowser(t.app, "member@example.org");
    const html = (await agent.get("/resources/set-design/")).text;
    expect(html).toContain('href="/resources/set-design/download/" download="set-design-worksheet.pdf">Download the worksheet');
    expect(html).toContain(`(${downloadDescriptionOf("application/pdf", pdfBytes)})`);
    const file = await agent.get("/resources/set-design/download/").buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toMatch(/^attachment; filename="?set-design-worksheet\.pdf"?$/);
    expect(Number(file.headers["content-length"])).toBe(pdfBytes);
    expect((file.body as Buffer).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("keeps the media for members: a visitor sees neither, and the download address sends them to the page", async () => {
    const html = (await request(t.app).get("/resources/rehearsal-film/")).text;
    expect(html).not.toContain("<video");
    expect((await request(t.app).get("/resources/set-design/")).text).not.toContain("/download/");
    const refused = await request(t.app).get("/resources/set-design/download/");
    expect(refused.status).toBe(303);
    expect(refused.headers.location).toBe("/resources/set-design/");
    expect((await request(t.app).get("/resources/rehearsal-film/download/")).status).toBe(404);
  });

  it("refuses, when seeding, a download whose file is not there", async () => {
    const missing = RESOURCES_YAML.replace(DEMO_DOWNLOAD, "/static/media/demo/no-such-file.pdf");
    const directory = createContentDirectory({ "site.yaml": "name: Test Playhouse\n", "resources.yaml": missing });
    try {
      await expect(seedFromDirectory(t.database.db, directory.path, { now: new Date() })).rejects.toThrow(/there is no file \/static\/media\/demo\/no-such-file\.pdf/);
    } finally {
      directory.remove();
    }
  });
});
