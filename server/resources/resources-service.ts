import type { Kysely } from "kysely";
import { resourceDownloadFor, type ResourceDownloadOutcome } from "./resource-media";
import type { SitemapEntry } from "../seo";
import { resourceSitemapEntries } from "./resource-sitemap";
import type { Database } from "../db/schema";
import type { ResourceListingQuery } from "../domain/resource-filters";
import { cachedResourceListing, resourceListingVersionReader } from "./cached-resource-listing";
import { loadResourceListingPage, type ResourceListingPage } from "./resource-listing-page";
import type { NoteDraft } from "../domain/teacher-note-content";
import type { MemberAccess } from "../memberships";
import { loadMemberParts, loadResourcePage, loadSharedMemberPage, type MemberPageMeta, type ResourcePage, type ResourcePageDependencies } from "./resource-page";
import type { Viewer } from "./save-controls";
import type { SaveRequest } from "./save-request";
import { applySaveRequest, listSavedResources, type SaveableResource, type SavedResourceCard } from "./saved-resources";

/** The resources listing, each resource's page, and saving resources to an account (docs/resources.md, docs/saved-resources.md). */
export interface ResourcesService {
  listingPage(query: ResourceListingQuery, viewer: Viewer, now: Date): Promise<ResourceListingPage>;
  /**
   * The whole page for a member; the summary and a prompt for everyone else.
   * noteDraft: a refused no-JS note save to show again; access: the viewer's,
   * when the caller asked already.
   */
  resourcePage(slug: string, viewer: Viewer, options?: { noteDraft?: NoteDraft; access?: MemberAccess }): Promise<ResourcePage | undefined>;
  /** Whether the viewer is a member now, and if not, why not (their own memberships as their request read them). */
  access(viewer: Viewer, now: Date): Promise<MemberAccess>;
  /** A resource's page as every member sees it, their own parts a neutral member's, and what their parts are made from (issue 27). */
  sharedMemberPage(slug: string, now: Date): Promise<{ page: ResourcePage; meta: MemberPageMeta } | undefined>;
  /** A member's own parts of that page, by part name (templates/pages/resource.njk's personalPart calls). */
  memberParts(meta: MemberPageMeta, viewer: Viewer, noteDraft?: NoteDraft): Promise<Record<string, unknown>>;
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
    resourcePage: (slug, viewer, options) => loadResourcePage(db, slug, viewer, pageDependencies, options),
    access: (viewer, now) => pageDependencies.memberAccess(viewer.constituentId, now, { ownMemberships: viewer.ownMemberships }),
    sharedMemberPage: (slug, now) => loadSharedMemberPage(db, slug, now),
    memberParts: (meta, viewer, noteDraft) => loadMemberParts(db, meta, viewer, pageDependencies, noteDraft),
    download: (slug, constituentId, now) => resourceDownloadFor(db, slug, constituentId, pageDependencies.memberAccess, now),
    applySaveRequest: (constituentId, request) => applySaveRequest(db, constituentId, request),
    savedResources: (constituentId) => listSavedResources(db, constituentId),
    sitemapEntries: (now) => resourceSitemapEntries(db, now),
  };
}
