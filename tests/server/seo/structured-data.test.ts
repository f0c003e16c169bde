import request from "supertest";
import { XSS_TITLE } from "../events/event-fixtures";
import { createTestApp, type TestApp } from "../support/test-app";
import { eventRichResultProblems, jsonLdOf, learningResourceProblems, organizationProblems } from "./rich-results";
import { seedSeoFixtures } from "./seo-support";

const site = "http://127.0.0.1:3000";

describe("structured data (schema.org JSON-LD)", () => {
  let t: TestApp;
  let hamletStart: Date;
  beforeAll(async () => {
    t = await createTestApp();
    ({ hamletStart } = await seedSeoFixtures(t.database.db));
  });
  afterAll(() => t.close());

  const html = async (path: string) => (await request(t.app).get(path)).text;

  it("an event page carries one Event per upcoming performance that meets Google's Event rich result", async () => {
    const blocks = jsonLdOf(await html("/whats-on/hamlet/"));
    expect(blocks).toHaveLength(1);
    const events = blocks[0] as Record<string, unknown>[];
    // The July dates have passed: only the performance inserted for the coming days.
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(eventRichResultProblems(event!)).toEqual([]);
    expect(event).toMatchObject({
      name: "Hamlet",
      description: "A summary.",
      url: `${site}/whats-on/hamlet/`,
      image: [`${site}/static/images/demo/poster-01.svg`],
      location: {
        "@type": "Place",
        name: "Main House, Test Playhouse",
        address: { "@type": "PostalAddress", streetAddress: "Corn Exchange Quay", addressLocality: "Kingsbridge", postalCode: "KB1 2GF", addressCountry: "GB" },
      },
      // The lowest of "£12–£32", and no booking page of its own: the event page.
      offers: { "@type": "Offer", price: "12.00", priceCurrency: "GBP", availability: "https://schema.org/InStock", url: `${site}/whats-on/hamlet/` },
      organizer: { "@type": "Organization", name: "Test Playhouse", url: `${site}/` },
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    });
    expect(Date.parse(String(event!.startDate))).toBe(hamletStart.getTime());
    expect(Date.parse(String(event!.endDate))).toBe(hamletStart.getTime() + 7_200_000);
  });

  it("an event with no dates left carries none, and the checker catches what Google would", async () => {
    const { db } = t.database;
    const muchAdo = await db.selectFrom("events").select("id").where("slug", "=", "much-ado").executeTakeFirstOrThrow();
    await db.deleteFrom("event_instances").where("event_id", "=", muchAdo.id).where("starts_at", ">", new Date().toISOString()).execute();
    expect(jsonLdOf(await html("/whats-on/much-ado/"))).toEqual([]);
    const problems = eventRichResultProblems({ "@context": "https://schema.org", "@type": "Event", name: "Hamlet", colour: "red", location: { "@type": "Place", name: "Main House" } });
    expect(problems).toEqual(
      expect.arrayContaining([
        "startDate must be an ISO 8601 date-time with its offset",
        "location.address must be a PostalAddress with street, locality, postcode and country",
        "offers is recommended: an Offer",
        "performer is recommended: a name",
        "$: colour is not a property of Event",
      ]),
    );
  });

  it("escapes JSON-LD so content cannot close the script element", async () => {
    const { db } = t.database;
    const xss = await db.selectFrom("events").select("id").where("slug", "=", "xss-workshop").executeTakeFirstOrThrow();
    const start = new Date(Date.now() + 5 * 86_400_000);
    await db.insertInto("event_instances").values({ event_id: xss.id, starts_at: start.toISOString(), ends_at: new Date(start.getTime() + 3_600_000).toISOString() }).execute();
    await db.updateTable("events").set({ summary: "</script><script>alert(1)</script>" }).where("id", "=", xss.id).execute();
    const page = await html("/whats-on/xss-workshop/");
    expect(page).not.toContain("</script><script>alert(1)");
    expect(page).not.toContain(XSS_TITLE);
    const [events] = jsonLdOf(page) as Record<string, unknown>[][];
    expect(events![0]).toMatchObject({ name: XSS_TITLE, description: "</script><script>alert(1)</script>" });
  });

  it("a resource page carries a LearningResource", async () => {
    const [resource] = jsonLdOf(await html("/resources/macbeth-freeze-frames/")) as Record<string, unknown>[];
    expect(learningResourceProblems(resource!)).toEqual([]);
    expect(resource).toMatchObject({
      "@type": "LearningResource",
      name: "Macbeth: freeze-frames",
      url: `${site}/resources/macbeth-freeze-frames/`,
      timeRequired: "PT14M",
      educationalLevel: ["Key Stage 3"],
      publisher: { "@type": "Organization", name: "Test Playhouse" },
    });
  });

  it("the home page carries the Organization with its logo", async () => {
    const [organization] = jsonLdOf(await html("/")) as Record<string, unknown>[];
    expect(organizationProblems(organization!)).toEqual([]);
    expect(organization).toMatchObject({ name: "Test Playhouse", url: `${site}/`, logo: `${site}/static/images/icons/icon-512.png` });
    expect((await request(t.app).get("/static/images/icons/icon-512.png")).status).toBe(200);
  });

  it("needs nothing from the CSP: JSON-LD is a data block, and the layout's one script keeps its hash", async () => {
    const response = await request(t.app).get("/");
    const policy = String(response.headers["content-security-policy"]);
    const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1] ?? "";
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    // Every inline <script> that is not a data block is the layout's no-js switch.
    const executable = [...response.text.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter(([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes!));
    expect(executable).toHaveLength(1);
  });
});
