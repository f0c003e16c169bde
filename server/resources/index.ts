/*
 * The resources capability's front door: from outside server/resources/, this
 * file is the only one imported, and its tables are named nowhere else
 * (docs/architecture.md, "Import rules").
 */

export { createResourcesService, type ResourcesService } from "./resources-service";
export type { Viewer } from "./save-controls";
export type { MemberPageMeta, ResourcePage } from "./resource-page";
export { pageAfterSave, SAVE_FORM_ERRORS, savedNotice, signInPathFor } from "./save-outcome";
export { readFormSaveRequest, readJsonSaveRequest } from "./save-request";
export { forgetSavedResources, savedResourcesForExport, type SavedResourceCard } from "./saved-resources";
export { loadNewestResourceCards, type ResourceCard } from "./resource-cards";
export {
  activitiesById,
  publishedActivity,
  publishedResource,
  resourceForReading,
  resourcesById,
  type ActivitySummary,
  type ResourceForReading,
  type ResourceSummary,
} from "./resource-lookups";
export { seedResourceRecords, type ResourceSeed, type ResourcesSeedCounts } from "./resource-fixtures";

// Teacher notes on an activity, and the links a member shares to a resource: they belong to the resources.
export { createTeacherNotesService, type NoteActivity, type TeacherNotesService } from "./notes/notes-service";
export { deleteNotesOf, notesForExport } from "./notes/note-queries";
export { createShareLinksService, type ShareLinksService } from "./share-links/share-links-service";
export { readShareLinkRequest } from "./share-links/share-link-request";
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
} from "./share-links/share-link-messages";
export { shareLinkUrl } from "./share-links/share-links-for";
export { deleteShareLinksOf, shareLinksForExport } from "./share-links/share-links-store";
