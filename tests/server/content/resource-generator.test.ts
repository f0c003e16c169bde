import { resourceFixtureSchema } from "../../../server/content/fixture-schema/resources";
import { generateResources } from "../../../fixtures/generators/resources/generate-resources";
import { RESOURCE_FACETS, RESOURCE_TYPES } from "../../../server/domain/resource-taxonomy";

describe("generateResources", () => {
  const { facets, resources } = generateResources(10_000);

  it("makes as many resources as asked, with unique ids and slugs", () => {
    expect(resources).toHaveLength(10_000);
    expect(new Set(resources.map((resource) => resource.id)).size).toBe(10_000);
    expect(new Set(resources.map((resource) => resource.slug)).size).toBe(10_000);
    expect(resources[0]?.id).toBe(1001);
  });

  it("makes records that pass the resources.yaml schema unchanged", () => {
    for (const resource of resources.slice(0, 500)) {
      expect(resourceFixtureSchema.parse(resource)).toEqual(resource);
    }
  });

  it("uses only facet terms it declares, and every one of them", () => {
    for (const facet of RESOURCE_FACETS) {
      const declared = new Set(facets[facet].map((term) => term.slug));
      const used = new Set(resources.flatMap((resource) => resource[facet]));
      expect([...used].filter((slug) => !declared.has(slug))).toEqual([]);
      expect([...declared].filter((slug) => !used.has(slug))).toEqual([]);
    }
  });

  it("covers every resource type and a spread of durations", () => {
    expect(new Set(resources.map((resource) => resource.resource_type))).toEqual(new Set(RESOURCE_TYPES));
    const durations = resources.map((resource) => resource.duration_minutes);
    expect(durations.some((minutes) => minutes < 15)).toBe(true);
    expect(durations.some((minutes) => minutes >= 15 && minutes <= 30)).toBe(true);
    expect(durations.some((minutes) => minutes > 30 && minutes <= 60)).toBe(true);
    expect(durations.some((minutes) => minutes > 60)).toBe(true);
  });

  it("gives every resource 2 to 5 titled activities and a teacher-style title", () => {
    for (const resource of resources) {
      expect(resource.activities.length).toBeGreaterThanOrEqual(2);
      expect(resource.activities.length).toBeLessThanOrEqual(5);
    }
    expect(resources.map((resource) => resource.title)).toContain("Macbeth: exploring ambition through freeze-frames (KS3, 45 min)");
    expect(resources[0]?.title).toMatch(/^[^:]+: .+ \(KS\d, \d+ min\)$/);
  });

  it("is deterministic, so the committed fixture can be regenerated", () => {
    expect(generateResources(50)).toEqual(generateResources(50));
    expect(generateResources(50).resources).toEqual(resources.slice(0, 50));
  });
});
