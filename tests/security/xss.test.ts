import request from "supertest";
import { seedFromDirectory } from "../../server/content/seed";
import { addPerson, inAYear } from "../server/accounts/support";
import { createContentDirectory } from "../server/content/content-directory";
import { addSchool, crmOf, join } from "../server/memberships/support";
import { formPost, jsonCall, myAccountPath, signedInBrowser } from "../server/my-account/support";
import { csrfTokenOf } from "../server/support/pages";
import { createTestApp, type TestApp } from "../server/support/test-app";
import { expectEscapedPayload, expectNoMarkupFrom, stringsIn, XSS_PAYLOAD } from "./support";

/*
 * Stored and reflected XSS (ASVS 5.0 V1.2.1 context-aware output encoding,
 * V1.2.3 JavaScript/JSON encoding, V3.2.2 text rendered as text): one payload
 * through every field that reaches a page. Content fields are seeded as an
 * editor's content file would write them; people's own fields go through the
 * site's forms; search terms through the query string.
 */

const q = JSON.stringify(XSS_PAYLOAD);

const CONTENT = {
  "site.yaml": "name: Test Playhouse\n",
  "events.yaml": `
taxonomies:
  event_type: [{ slug: performance, label: Performance }]
  genre: [{ slug: tragedy, label: Tragedy }]
  season: [{ slug: summer, label: Summer }]
  series: [{ slug: schools, label: Schools }]
  venue: [{ slug: main-house, label: ${q} }]
  access_type: [{ slug: captioned, label: Captioned }]
events:
  - slug: xss-event
    title: ${q}
    summary: ${q}
    description_html: "<p>About it.</p>"
    image_url: /static/images/demo/poster-01.svg
    image_alt: ${q}
    event_type: performance
    genre: tragedy
    season: summer
    venue: main-house
    duration: 120
    dates:
      - { day: "2026-07-04", time: "19:30" }
`,
  "resources.yaml": `
facets:
  key_stage: [{ slug: ks3, label: Key Stage 3 }]
  subject: [{ slug: drama, label: Drama }]
  play_or_topic: [{ slug: macbeth, label: Macbeth }]
  theme: [{ slug: power, label: Power }]
resources:
  - { id: 1, resource_type: activity, slug: xss-resource, title: ${q}, summary: ${q},
      body_html: "<p>Body.</p>", image_url: /static/images/demo/resource-02.svg, image_alt: ${q}, duration_minutes: 30,
      published: -1, key_stage: [ks3], subject: [drama], play_or_topic: [macbeth], theme: [power],
      activities: [{ title: ${q}, body_html: "<p>Steps.</p>" }] }
`,
  "gallery.yaml": `
galleries:
  - slug: xss-gallery
    title: ${q}
    summary: ${q}
    items:
      - { src: /media/a.jpg, thumb: /media/a-thumb.jpg, alt: ${q}, caption: ${q} }
`,
  "people.yaml": `
teams:
  - { slug: artistic, label: ${q} }
people:
  - { slug: xss-person, name: ${q}, role: ${q}, team: artistic, bio_html: "<p>Bio.</p>" }
`,
};

describe("XSS: every field that reaches a page is escaped", () => {
  let t: TestApp;
  let activityId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const directory = createContentDirectory(CONTENT);
    try {
      await seedFromDirectory(t.database.db, directory.path, { now: new Date() });
    } finally {
      directory.remove();
    }
    ({ id: activityId } = await t.database.db.selectFrom("resource_activities").select("id").executeTakeFirstOrThrow());
  });
  afterAll(() => t.close());

  const html = async (path: string, agent: ReturnType<typeof request.agent> | undefined = undefined) => {
    const response = await (agent ?? request(t.app)).get(path).set("Accept", "text/html");
    expect(response.status, path).toBe(200);
    return response.text;
  };

  it("V1.2.1 escapes event titles, summaries, venues and image text on What's on and the event page", async () => {
    expectEscapedPayload(await html("/whats-on/?date=2026-07-04"));
    expectEscapedPayload(await html("/whats-on/xss-event/"));
  });

  it("V1.2.1 escapes event titles in the calendar's instances API (its HTML fragments and JSON)", async () => {
    const response = await request(t.app)
      .get("/api/attendable/v1/instances/")
      .query({ fields: "_,calendar_html", start_date: "2026-07-01", end_date: "2026-07-31" });
    expect(response.status).toBe(200);
    expect(response.type).toBe("application/json");
    const fragments = stringsIn(response.body).filter((text) => text.includes("calendar-entry"));
    expect(fragments.length).toBeGreaterThan(0);
    for (const fragment of fragments) expectEscapedPayload(fragment);
  });

  it("V1.2.1 escapes resource titles, summaries and activity titles on the listing and the resource page", async () => {
    expectEscapedPayload(await html("/resources/"));
    expectEscapedPayload(await html("/resources/xss-resource/"));
  });

  it("V1.2.1 escapes gallery titles, captions and alt text, and people's names, roles and teams", async () => {
    expectEscapedPayload(await html("/gallery/"));
    expectEscapedPayload(await html("/people/"));
    expectEscapedPayload(await html("/people/xss-person/"));
  });

  it("V1.2.1 escapes the search query and the titles in search results (reflected and stored)", async () => {
    expectEscapedPayload(await html(`/search/?q=${encodeURIComponent(XSS_PAYLOAD)}`));
    const titles = await html("/search/?q=alert");
    expectEscapedPayload(titles);
  });

  it("V1.2.3 answers suggestions as JSON whose markup is only the <mark> it adds", async () => {
    const response = await request(t.app).get("/search/autocomplete/").query({ query: "alert" });
    expect(response.status).toBe(200);
    expect(response.type).toBe("application/json");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    const hits = response.body.hits as { title: string; excerpt: string }[];
    expect(hits.length).toBeGreaterThan(0);
    // The title is plain text, which the widget sets as text (V3.2.2); the excerpt is markup, escaped but for <mark>.
    for (const hit of hits) expectNoMarkupFrom(hit.excerpt.replace(/<\/?mark>/g, ""));
    expect(hits.some((hit) => hit.excerpt.includes("&lt;script&gt;"))).toBe(true);
  });

  it("V1.2.1 escapes a teacher's note on the resource page and on the student's share link", async () => {
    const email = "noter@example.org";
    await addPerson(t.database.db, { email, membershipExpiresAt: inAYear() });
    const { agent, token } = await signedInBrowser(t.app, email);
    const saved = await jsonCall(agent, "post", `/resources/notes/${activityId}/save/`, token, { content: XSS_PAYLOAD });
    expect(saved.status).toBe(200);
    expectEscapedPayload(await html("/resources/xss-resource/", agent));
    const link = await jsonCall(agent, "post", "/resources/generate-shareable-link/", token, { type: "student", resource_id: 1, resource_type: "activity" });
    expect(link.status).toBe(200);
    expectEscapedPayload(await html(new URL(link.body.link as string).pathname));
  });

  describe("people's own names and their school's name", () => {
    let admin: { agent: ReturnType<typeof request.agent>; token: string };
    let schoolId: number;
    let memberId: number;
    beforeAll(async () => {
      const crm = crmOf(t);
      ({ schoolId } = await addSchool(t.database.db, crm, { name: XSS_PAYLOAD, kind: "state", domains: ["xss.example"], seats: 10 }));
      const adminId = await addPerson(t.database.db, { email: "head@xss.example" });
      memberId = await addPerson(t.database.db, { email: "teacher@xss.example" });
      await join(crm, schoolId, adminId, "admin");
      await join(crm, schoolId, memberId, "user");
      admin = await signedInBrowser(t.app, "head@xss.example");
    });

    it("V1.2.1 escapes a profile name typed through the form, on My account and on the school admin's pages", async () => {
      const member = await signedInBrowser(t.app, "teacher@xss.example");
      const typed = await formPost(member.agent, "/account/update-profile/", member.token, { FirstName: XSS_PAYLOAD, LastName: XSS_PAYLOAD });
      expect(typed.status).toBe(303);
      expectEscapedPayload(await html(myAccountPath, member.agent));
      // Another person's name on the admin's school tab and confirmation page: a stored, cross-user path.
      expectEscapedPayload(await html(myAccountPath, admin.agent));
      expectEscapedPayload(await html(`/account/school/${schoolId}/make-admin/${memberId}/`, admin.agent));
    });

    it("V1.2.1 keeps a rejected name escaped when the form is shown again", async () => {
      const member = await signedInBrowser(t.app, "teacher@xss.example");
      const tooLong = `${XSS_PAYLOAD}${"x".repeat(100)}`;
      const page = await formPost(member.agent, "/account/update-profile/", member.token, { FirstName: tooLong, LastName: "Ok" });
      const text = page.status === 303 ? await html(page.headers.location!, member.agent) : page.text;
      expectNoMarkupFrom(text);
    });

    it("V1.2.1 escapes the school's name on the dashboard and in the school search's JSON", async () => {
      expectEscapedPayload(await html("/account/dashboard/", admin.agent));
      const search = await request(t.app).get("/account/school-search/").query({ query: "alert" });
      expect(search.status).toBe(200);
      const hit = (search.body.hits as { name: string; highlightedName: string }[]).find((entry) => entry.name === XSS_PAYLOAD);
      expect(hit).toBeDefined();
      expectNoMarkupFrom(hit!.highlightedName.replace(/<\/?mark>/g, ""));
      expect(hit!.highlightedName).toContain("&lt;script&gt;");
    });

    it("V1.2.3 puts the signed-in person's details into JSON script blocks that cannot end the element", async () => {
      const page = await html("/account/register/?link-school=true", admin.agent);
      expectNoMarkupFrom(page);
      for (const block of page.match(/<script type="application\/json"[^>]*>[\s\S]*?<\/script>/g) ?? []) {
        expect(block.slice(block.indexOf(">") + 1, -"</script>".length)).not.toMatch(/<\/?script|<img/i);
      }
      expect(csrfTokenOf(page)).toBeTruthy();
    });
  });
});
