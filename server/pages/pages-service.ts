import type { Kysely } from "kysely";
import type { SitemapEntry } from "../seo";
import { pageSitemapEntries } from "./page-sitemap";
import type { Database } from "../db/schema";
import { loadHomeContent, type HomeContent } from "./home-content";
import { findPublishedPage, type PublishedPage } from "./pages";
import { loadSiteSettings, type SiteSettings } from "./site-settings";

/** The home page, the editor-written pages and the site's settings (name, navigation). */
export interface PagesService {
  homeContent(): Promise<HomeContent>;
  findPublishedPage(slug: string): Promise<PublishedPage | undefined>;
  /** Cached in process for a short while (site-settings.ts), since every page shows them. */
  siteSettings(): Promise<SiteSettings>;
  /** Every published editor page, for the sitemap (docs/seo.md). */
  sitemapEntries(now: Date): Promise<SitemapEntry[]>;
}

export function createPagesService(db: Kysely<Database>): PagesService {
  return {
    homeContent: () => loadHomeContent(db),
    findPublishedPage: (slug) => findPublishedPage(db, slug),
    siteSettings: () => loadSiteSettings(db),
    sitemapEntries: (now) => pageSitemapEntries(db, now),
  };
}
