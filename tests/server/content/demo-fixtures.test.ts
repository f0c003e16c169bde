import { EVENT_TAXONOMIES } from "../../../server/events/event-taxonomies";
import { expandEventSchedule } from "../../../server/content/event-schedule";
import { loadFixtures, type ContentFixtures } from "../../../server/content/load-fixtures";
import { addDays } from "../../../server/shared/london-time";
import { RESOURCE_FACETS, RESOURCE_TYPES } from "../../../server/domain/resource-taxonomy";
import { DEMO_CONTENT_DIRECTORY } from "../../../server/content/seed";
import { DEMO_VIDEO } from "../../../fixtures/generators/resources/generate-resources";
import { existsSync } from "node:fs";
import path from "node:path";

/** The demo organisation's content must be rich enough to exercise every page and filter. */
describe("the demo content in fixtures/content", () => {
  let content: ContentFixtures;
  beforeAll(async () => {
    content = await loadFixtures(DEMO_CONTENT_DIRECTORY);
  });

  it("has at least 60 events using every taxonomy term", () => {
    const { taxonomies, events } = content.events!;
    expect(events.length).toBeGreaterThanOrEqual(60);
    for (const taxonomy of EVENT_TAXONOMIES) {
      const used = new Set(events.map((event) => event[taxonomy]));
      expect(taxonomies[taxonomy].filter((term) => !used.has(term.slug))).toEqual([]);
    }
  });

  // Seeding days in both clock regimes, and one where the window crosses a clock change.
  it.each(["2026-01-15", "2026-07-01", "2026-10-10"])("has 300+ instances between 4 weeks before and 12 weeks after %s", (seedingDate) => {
    const instances = content.events!.events.flatMap((event) => expandEventSchedule(event, seedingDate));
    expect(instances.length).toBeGreaterThanOrEqual(300);
    const earliest = `${addDays(seedingDate, -29)}T23:00:00.000Z`;
    const latest = `${addDays(seedingDate, 85)}T00:00:00.000Z`;
    for (const instance of instances) {
      expect(instance.starts_at >= earliest && instance.starts_at < latest).toBe(true);
      expect(instance.ends_at > instance.starts_at).toBe(true);
    }
    const past = instances.filter((instance) => instance.starts_at < `${seedingDate}T00:00:00.000Z`);
    expect(past.length).toBeGreaterThan(50);
    expect(instances.length - past.length).toBeGreaterThan(200);
  });

  it("has at least 200 resources using every facet term, type and duration band, each with 2 to 5 activities", () => {
    const { facets, resources } = content.resources!;
    expect(resources.length).toBeGreaterThanOrEqual(200);
    for (const facet of RESOURCE_FACETS) {
      const used = new Set(resources.flatMap((resource) => resource[facet]));
      expect(facets[facet].filter((term) => !used.has(term.slug))).toEqual([]);
    }
    expect(new Set(resources.map((resource) => resource.resource_type))).toEqual(new Set(RESOURCE_TYPES));
    const bands = [0, 0, 0, 0];
    for (const { duration_minutes: minutes } of resources) bands[minutes < 15 ? 0 : minutes <= 30 ? 1 : minutes <= 60 ? 2 : 3]! += 1;
    expect(bands.every((count) => count >= 10)).toBe(true);
    expect(resources.every((resource) => resource.activities.length >= 2 && resource.activities.length <= 5)).toBe(true);
  });

  it("uses the demo images, each with alt text", () => {
    const images = [...content.events!.events, ...content.resources!.resources];
    for (const { image_url, image_alt } of images) {
      expect(image_url).toMatch(/^\/static\/images\/demo\/(poster-(0[1-9]|1[0-2])|resource-0[1-8])\.svg$/);
      expect(image_alt.length).toBeGreaterThan(10);
    }
  });

  it("gives events Book links and availability, Video resources their film and worksheets their file (issue 24)", () => {
    const events = content.events!.events;
    expect(events.filter((event) => event.booking_url).length).toBeGreaterThan(40);
    const availabilities = events.flatMap((event) => [...event.runs, ...event.dates].map((rule) => rule.availability));
    expect(availabilities).toEqual(expect.arrayContaining(["sold-out", "limited"]));
    for (const resource of content.resources!.resources) {
      if (resource.resource_type === "video") expect(resource.video).toEqual(DEMO_VIDEO);
      if (resource.resource_type === "worksheet") expect(existsSync(path.resolve(resource.download!.slice(1)))).toBe(true);
    }
  });

  it("names the two memberships apart, and links Support us's Become a Friend and Make a donation", () => {
    const html = (slug: string) => content.pages!.find((page) => page.slug === slug)!.body_html;
    const support = html("support-us");
    expect(support).not.toMatch(/Become a member|Membership starts/);
    expect(support).toMatch(/<h2>Become a Friend<\/h2>\s*<p>Friends of the Playhouse get priority booking[^<]*£60 a year\. <a href="https:\/\/[^"]+">Become a Friend/);
    expect(support).toMatch(/<h2>Make a donation<\/h2>\s*<p>[\s\S]*?<a href="https:\/\/[^"]+">Make a donation/);
    expect(html("learning-and-participation")).toContain('<a href="/account/register/">Join as a learning member</a>');
  });

  it("links the navigation only to pages that exist", () => {
    // Content pages, and the pages the app itself serves from other content files.
    const appPages = ["/whats-on/", "/gallery/", "/people/", "/resources/", "/privacy/"];
    const pagePaths = new Set([...content.pages!.map((page) => `/${page.slug}/`), ...appPages]);
    for (const link of [...content.site!.nav, ...content.site!.footer_nav]) {
      expect(pagePaths.has(link.href.replace(/#.*$/, ""))).toBe(true);
    }
  });

  it("has the demo accounts with their memberships", () => {
    const accounts = new Map(content.accounts!.map((account) => [account.email, account]));
    expect(accounts.get("individual@example.com")?.memberships).toEqual([{ level: "individual", starts: 0, expires: 365 }]);
    expect(accounts.get("lapsed@example.com")?.memberships[0]?.expires).toBe(-30);
    expect([...accounts.values()].every((account) => account.password === "Demo-pass-1!")).toBe(true);
  });
});
