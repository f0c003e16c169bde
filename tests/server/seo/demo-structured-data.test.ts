import { join } from "node:path";
import request from "supertest";
import { seedFromDirectory } from "../../../server/content/seed";
import { projectRoot } from "../../../server/paths";
import { createTestApp, type TestApp } from "../support/test-app";
import { eventRichResultProblems, jsonLdOf, learningResourceProblems, organizationProblems } from "./rich-results";

/*
 * The demo content as a visitor meets it: every event page's JSON-LD meets
 * Google's Event rich result (required and recommended properties), every
 * resource page's LearningResource and the home page's Organization pass
 * their checks. structured-data.test.ts proves the rules on small fixtures;
 * this proves the content the site ships with.
 */
describe("structured data of the demo content", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedFromDirectory(t.database.db, join(projectRoot, "fixtures/content"));
  }, 120_000);
  afterAll(() => t.close());

  const html = async (path: string) => {
    const response = await request(t.app).get(path);
    expect(response.status, path).toBe(200);
    return response.text;
  };

  it("every event page with performances to come carries Events that meet Google's Event rich result", async () => {
    const events = await t.database.db.selectFrom("events").select("slug").execute();
    const problems: Record<string, string[]> = {};
    let checked = 0;
    for (const { slug } of events) {
      for (const block of jsonLdOf(await html(`/whats-on/${slug}/`))) {
        for (const event of block as Record<string, unknown>[]) {
          checked += 1;
          const found = eventRichResultProblems(event);
          if (found.length) problems[`${slug} ${String(event.startDate)}`] = found;
        }
      }
    }
    expect(problems).toEqual({});
    expect(checked).toBeGreaterThan(0);
  });

  it("every resource page carries a LearningResource, and the home page the Organization", async () => {
    const resources = await t.database.db.selectFrom("resources").select("slug").where("published_at", "<=", new Date().toISOString()).execute();
    const problems: Record<string, string[]> = {};
    for (const { slug } of resources) {
      const blocks = jsonLdOf(await html(`/resources/${slug}/`));
      const found = blocks.length === 1 ? learningResourceProblems(blocks[0] as Record<string, unknown>) : [`${blocks.length} JSON-LD blocks`];
      if (found.length) problems[slug] = found;
    }
    expect(problems).toEqual({});
    expect(resources.length).toBeGreaterThan(0);
    const [organization, ...others] = jsonLdOf(await html("/"));
    expect(others).toEqual([]);
    expect(organizationProblems(organization as Record<string, unknown>)).toEqual([]);
  });
});
