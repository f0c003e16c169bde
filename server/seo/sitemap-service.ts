import { latestOf, MAX_URLS_PER_SITEMAP, sitemapDocument, type SitemapEntry } from "./sitemap";

/** Each capability's own pages for the sitemap, read through its service. */
export interface SitemapSources {
  pages(now: Date): Promise<SitemapEntry[]>;
  events(): Promise<SitemapEntry[]>;
  resources(now: Date): Promise<SitemapEntry[]>;
  people(): Promise<SitemapEntry[]>;
}

/** The sources from the capabilities' services (each has sitemapEntries). */
export function sitemapSourcesOf(services: {
  pages: { sitemapEntries(now: Date): Promise<SitemapEntry[]> };
  events: { sitemapEntries(): Promise<SitemapEntry[]> };
  resources: { sitemapEntries(now: Date): Promise<SitemapEntry[]> };
  people: { sitemapEntries(): Promise<SitemapEntry[]> };
}): SitemapSources {
  return {
    pages: (now) => services.pages.sitemapEntries(now),
    events: () => services.events.sitemapEntries(),
    resources: (now) => services.resources.sitemapEntries(now),
    people: () => services.people.sitemapEntries(),
  };
}

export interface SitemapService {
  /** /sitemap.xml (part undefined) or /sitemap-<part>.xml; undefined when there is no such part. */
  document(part: number | undefined, now: Date): Promise<string | undefined>;
}

/** The site's own pages that are not content rows; their lastmod is their newest content's. */
const LISTING_PAGES = { home: "/", whatsOn: "/whats-on/", resources: "/resources/", people: "/people/", gallery: "/gallery/", privacy: "/privacy/" };

/**
 * Every public page, event, resource and person, with when each last changed
 * (its row's updated_at). Built on each call: the page cache keeps the
 * answer until the content version moves (docs/seo.md, "The sitemap").
 */
export function createSitemapService(options: { sources: SitemapSources; publicUrl: string; urlsPerSitemap?: number }): SitemapService {
  const { sources, publicUrl } = options;
  const urlsPerSitemap = options.urlsPerSitemap ?? MAX_URLS_PER_SITEMAP;
  return {
    async document(part, now) {
      const entries = await sitemapEntries(sources, now);
      return sitemapDocument(entries, { publicUrl, urlsPerSitemap, part });
    },
  };
}

async function sitemapEntries(sources: SitemapSources, now: Date): Promise<SitemapEntry[]> {
  const [pages, events, resources, people] = await Promise.all([sources.pages(now), sources.events(), sources.resources(now), sources.people()]);
  const newest = (entries: SitemapEntry[]) => latestOf(entries.map((entry) => entry.lastModified));
  const listings: SitemapEntry[] = [
    { path: LISTING_PAGES.home, lastModified: latestOf([newest(pages), newest(events), newest(resources)]) },
    { path: LISTING_PAGES.whatsOn, lastModified: newest(events) },
    { path: LISTING_PAGES.resources, lastModified: newest(resources) },
    { path: LISTING_PAGES.people, lastModified: newest(people) },
    { path: LISTING_PAGES.gallery },
    { path: LISTING_PAGES.privacy },
  ];
  // A routed page wins over an editor's page of the same address, as the routes do (pages are matched last).
  const routed = new Set(listings.map((entry) => entry.path));
  return [...listings, ...pages.filter((entry) => !routed.has(entry.path)), ...events, ...resources, ...people];
}
