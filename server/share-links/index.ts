/*
 * The share-links capability's front door: from outside server/share-links/,
 * this file is the only one imported (docs/architecture.md, "Import rules").
 */

export { createShareLinksService, type ShareLinksService } from "./share-links-service";
export { readShareLinkRequest } from "./share-link-request";
export {
  LINK_CREATED_NOTICE,
  LINK_INACTIVE_MESSAGE,
  LINK_REVOKED_MESSAGES,
  LINK_REVOKED_NOTICE,
  LINK_REVOKED_TITLE,
  REVOKE_CONFIRM_BUTTON,
  REVOKE_CONFIRM_MESSAGE,
  REVOKE_CONFIRM_TITLE,
  notMemberShareMessage,
  SHARE_FIELDS_INVALID_MESSAGE,
  teacherLinkMembersOnlyPage,
  UNKNOWN_SHARE_RESOURCE_MESSAGE,
} from "./share-link-messages";
export { shareLinkUrl } from "./share-links-for";
export { deleteShareLinksOf, shareLinksForExport } from "./share-links-store";
