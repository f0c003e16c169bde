import { sql, type Kysely } from "kysely";
import { versionReader } from "../cache/content-versions";
import { versionedCache, type VersionedCacheOptions } from "../cache/versioned-cache";
import type { Database } from "../db/schema";
import { listResources } from "./resource-listing";

/*
 * The listing's counts are the expensive part of /resources/: a grouped count
 * per checked facet over every link, tens of milliseconds over 10,000
 * resources. Visitors ask the same few filter combinations over and over, so
 * answers go through a versioned cache keyed on resource_listing_state.version
 * (bumped by migration 0010's triggers on every write to resources or their
 * facet links). The cache's time limit bounds how late a resource dated in
 * the future appears once its time comes.
 */

export type ListResources = typeof listResources;

/** The change counter of the listing's content (migration 0010). */
export function resourceListingVersionReader(db: Kysely<Database>): () => Promise<number> {
  return versionReader(db, sql`select version from resource_listing_state where id = 1`);
}

/** listResources, answered from the cache when nothing changed since it was asked. */
export function cachedResourceListing(options: VersionedCacheOptions, list: ListResources = listResources): ListResources {
  const { remember } = versionedCache(options);
  return (db, filter, listOptions) => {
    // `now` is left out of the key on purpose: the time limit stands in for it.
    const key = JSON.stringify([filter.termIds, filter.duration, listOptions.sort, listOptions.page]);
    return remember(key, () => list(db, filter, listOptions));
  };
}
