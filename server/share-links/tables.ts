import type { Generated } from "kysely";

/* Row type for share_links (migration 0017_share_links.ts). Conventions as server/resources/tables.ts. */

export type ShareLinkType = "student" | "teacher";

export interface ShareLinksTable {
  id: Generated<number>;
  /** 32 random bytes, base64url: the link's secret. */
  token: string;
  constituent_id: number;
  resource_id: number;
  resource_type: string;
  type: ShareLinkType;
  /** ISO 8601 UTC text. */
  created_at: string;
  /** Set once the sharer revokes the link; a revoked link answers 404. */
  revoked_at: string | null;
}

export interface ShareLinkTables {
  share_links: ShareLinksTable;
}
