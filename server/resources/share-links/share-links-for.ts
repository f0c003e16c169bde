import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { liveTokensFor } from "./share-links-store";
import { SHARE_LINK_TYPES } from "./share-link-request";
import type { ShareLinkType } from "../tables";

/*
 * The read model "my links for this resource": the share page and the
 * resource page's tools panel (share dialog data) read it.
 */

export interface ShareLinkView {
  /** Absolute: `${publicOrigin}/resources/shared/<token>/`, for pasting anywhere. */
  link: string;
  token: string;
}

/** Absent types have no live link. */
export type ShareLinksForResource = Partial<Record<ShareLinkType, ShareLinkView>>;

export function shareLinkUrl(publicOrigin: string, token: string): string {
  return `${publicOrigin}/resources/shared/${token}/`;
}

export async function loadShareLinksFor(
  db: Kysely<Database>,
  publicOrigin: string,
  personId: number,
  resourceId: number,
): Promise<ShareLinksForResource> {
  return shareLinkViewsOf(publicOrigin, await liveTokensFor(db, personId, resourceId));
}

/** The links for a person's live tokens on one resource, by type. */
export function shareLinkViewsOf(publicOrigin: string, tokens: Partial<Record<ShareLinkType, string>>): ShareLinksForResource {
  const links: ShareLinksForResource = {};
  for (const type of SHARE_LINK_TYPES) {
    const token = tokens[type];
    if (token) links[type] = { link: shareLinkUrl(publicOrigin, token), token };
  }
  return links;
}
