import { createSitemapService, type SitemapSources } from "../../../server/seo/sitemap-service";
import type { SitemapEntry } from "../../../server/seo/sitemap";

/*
 * The service as the app builds it (no urlsPerSitemap given): one <urlset>
 * holds up to the protocol's 50,000 addresses, and the 50,001st makes
 * /sitemap.xml an index of two parts. crawling.test.ts proves the split with
 * a small limit; this proves the limit itself.
 */

const site = "https://playhouse.example";
const now = new Date("2026-11-27T12:00:00Z");
/** The six listing pages the service always adds (home, What's On, resources, people, gallery, privacy). */
const LISTINGS = 6;

function serviceWith(resourceCount: number) {
  const resources: SitemapEntry[] = Array.from({ length: resourceCount }, (_, index) => ({ path: `/resources/r-${index}/`, lastModified: "2026-01-01T00:00:00.000Z" }));
  const sources: SitemapSources = { pages: async () => [], events: async () => [], resources: async () => resources, people: async () => [] };
  return createSitemapService({ sources, publicUrl: site });
}

const count = (xml: string, element: string) => xml.split(`<${element}>`).length - 1;

describe("the sitemap's 50,000-address limit", () => {
  it("keeps 50,000 addresses in one file, with no parts", async () => {
    const service = serviceWith(50_000 - LISTINGS);
    const sitemap = await service.document(undefined, now);
    expect(sitemap).toContain("<urlset ");
    expect(count(sitemap!, "url")).toBe(50_000);
    expect(await service.document(1, now)).toBeUndefined();
  });

  it("turns the 50,001st address into an index of two parts: 50,000 and 1", async () => {
    const service = serviceWith(50_001 - LISTINGS);
    const index = await service.document(undefined, now);
    expect(index).toContain("<sitemapindex ");
    expect([...index!.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([`${site}/sitemap-1.xml`, `${site}/sitemap-2.xml`]);
    expect(count((await service.document(1, now))!, "url")).toBe(50_000);
    const last = (await service.document(2, now))!;
    expect(count(last, "url")).toBe(1);
    expect(last).toContain(`<loc>${site}/resources/r-49994/</loc>`);
    expect(await service.document(3, now)).toBeUndefined();
  });
});
