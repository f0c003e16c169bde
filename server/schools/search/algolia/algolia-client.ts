import { algoliasearch, type Algoliasearch } from "algoliasearch";

/*
 * The official client, with the spec's hosted-search timeouts (accounts spec,
 * section 9): connect 1 s, read 2 s, write 30 s. Tests hand in a `requester`
 * that answers as Algolia does, so nothing reaches the network.
 */

/** What answers the client's HTTP requests (the network by default). */
export type AlgoliaRequester = NonNullable<NonNullable<Parameters<typeof algoliasearch>[2]>["requester"]>;

export const ALGOLIA_TIMEOUTS = { connect: 1_000, read: 2_000, write: 30_000 } as const;

export interface AlgoliaSettings {
  appId: string;
  /** The search-only key (searching) or the admin key (indexing only). */
  apiKey: string;
  indexName: string;
  /** Tests only: answers instead of the network. */
  requester?: AlgoliaRequester;
}

export function algoliaClientOf(settings: AlgoliaSettings): Algoliasearch {
  return algoliasearch(settings.appId, settings.apiKey, {
    timeouts: ALGOLIA_TIMEOUTS,
    ...(settings.requester ? { requester: settings.requester } : {}),
  });
}
