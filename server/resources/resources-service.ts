import type { Kysely } from "kysely";
import { resourceDownloadFor, type ResourceDownloadOutcome } from "./resource-media";
import type { SitemapEntry } from "../seo";
import { resourceSitemapEntries } from "./resource-sitemap";
import type { Database } from "../db/schema";
import type { ResourceListingQuery } from "../domain/resource-filters";
import { cachedResourceListing, resourceListingVersionReader } from "./cached-resource-listing";
import { loadResourceListingPage, type ResourceListingPage } from "./resource-listing-page";
import type { NoteDraft } from "../domain/teacher-note-content";
import { loadResourcePage, type ResourcePage, type ResourcePageDependencies } from "./resource-page";
import type { Viewer } from "./save-controls";
import type { SaveRequest } from "./save-request";
import { applySaveRequest, listSavedResources, type SaveableResource, type SavedResourceCard } from "./saved-resources";

/** The resources listing, each resource's page, and saving resources to an account (docs/resources.md, docs/saved-resources.md). */
export interface ResourcesService {
  listingPage(query: ResourceListingQuery, viewer: Viewer, now: Date): Promise<ResourceListingPage>;
  /** The whole page for a member; the summary and a prompt for everyone else. noteDraft: a refused no-JS note save to show again. */
  resourcePage(slug: string, viewer: Viewer, noteDraft?: NoteDraft): Promise<ResourcePage | undefined>;
  /** A resource's download for this viewer: the file for a member, a refusal for anyone else; undefined when there is none. */
  download(slug: string, constituentId: number | null, now: Date): Promise<ResourceDownloadOutcome | undefined>;
  /** Saves or unsaves; undefined when there is no such published resource of that type. */
  applySaveRequest(constituentId: number, request: SaveRequest): Promise<SaveableResource | undefined>;
  savedResources(constituentId: number): Promise<SavedResourceCard[]>;
  /** Every published resource page, for the sitemap (docs/seo.md). */
  sitemapEntries(now: Date): Promise<SitemapEntry[]>;
}

export function createResourcesService(db: Kysely<Database>, pageDependencies: ResourcePageDependencies): ResourcesService {
  // One listing cache per process, checked against the version in the database (docs/performance.md).
  const list = cachedResourceListing({ readVersion: resourceListingVersionReader(db) });
  return {
    listingPage: (query, viewer, now) => loadResourceListingPage(db, query, viewer, now, list),
    resourcePage: (slug, viewer, noteDraft) => loadResourcePage(db, slug, viewer, pageDependencies, { noteDraft }),
    download: (slug, constituentId, now) => resourceDownloadFor(db, slug, constituentId, pageDependencies.memberAccess, now),
    applySaveRequest: (constituentId, request) => applySaveRequest(db, constituentId, request),
    savedResources: (constituentId) => listSavedResources(db, constituentId),
    sitemapEntries: (now) => resourceSitemapEntries(db, now),
  };
}
