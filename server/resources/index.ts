/*
 * The resources capability's front door: from outside server/resources/, this
 * file is the only one imported, and its tables are named nowhere else
 * (docs/architecture.md, "Import rules").
 */

export { createResourcesService, type ResourcesService } from "./resources-service";
export type { Viewer } from "./save-controls";
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
