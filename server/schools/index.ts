/*
 * The schools capability's front door: from outside server/schools/, this
 * file is the only one imported, and the `schools` table is named nowhere
 * else (docs/architecture.md, "Import rules").
 */

export { SchoolRegister, type SchoolFinderQuery, isDemoUrn, registerHoldsSchools, DEMO_URN_FIRST, DEMO_URN_LAST, type RegisteredSchool } from "./school-register";
export { EstablishmentFileError, parseGiasEstablishments, type Establishment, type ParsedEstablishments } from "./gias-establishments";
export { importRegisterIntoEmbeddedCrm, type RegisterImportSummary } from "./register-import";
export { csvField } from "./csv-records";
export { createSchoolSearch } from "./search/create-school-search";
export { algoliaIndexingFor, type AlgoliaSchoolIndexing } from "./search/algolia/algolia-school-indexing";
export type { SchoolHit, SchoolSearch } from "./search/school-search-port";

// School membership: seats and who holds them, the admin's School tab and invites, the wizard's school records.
export { createSeatGrantsService, type SeatGrantsService, type SeatUsageRequest } from "./seats/seat-grants";
export { createSchoolRecordsService, type MembershipSummaryAnswer, type SchoolRecordsService } from "./records/school-records-service";
export { createSchoolAdminService, type AffiliationRequest, type SchoolAdminService } from "./admin/school-admin-service";
export type { SchoolTab } from "./admin/school-admin-tab";
export { INVITE_ACCEPT_PATH, INVITE_SENT_MESSAGE, parseInviteRequest } from "./admin/invites";
export type { InviteAcceptance, InviteOffer } from "./admin/invite-acceptance";
export { refusals as seatGrantRefusals } from "./seats/seat-grants-refusals";
export { schoolPurchaseFacts } from "./seats/school-purchase-standing";
export { withSchoolLock } from "./seats/seat-grants-lock";
export { currentMembership, leaveEverySchool, takeSeat } from "./seats/school-seats";
export {
  affiliationsForExport,
  forgetInvitesOf,
  invitesForExport,
  membershipsForExport,
  schoolsWithOnlyThisAdmin,
  type SoleAdminSchool,
} from "./person-school-data";
export type { SelectedSchool } from "./seats/selected-school";
export { belongsToSchool, currentAdminIds, isSchoolAdmin, roleOf, schoolsAdministeredBy } from "./seats/school-standing";
export { approvalRefusals, type ApprovedSeat, type ApprovedSeatRequest } from "./seats/approved-seat";
// The back office's Schools pages: a school's record, domains, seats and roles, without the "only its admins" rule (staff roles are checked in server/staff/).
export {
  absorbHandEnteredSchool,
  createSchoolForStaff,
  schoolMergePreview,
  UNKNOWN_SCHOOL_MESSAGE,
  type SchoolMergePreview,
  type SchoolForStaff,
  type SchoolForStaffDesk,
  type SchoolPersonRow,
  type SeatCount,
} from "./admin/school-for-staff";
export type { AdminGranted, Removal } from "./admin/school-admin-rules";
export {
  createRegisterUploads,
  STALLED_MESSAGE as REGISTER_IMPORT_STALLED_MESSAGE,
  type RegisterUpload,
  type RegisterUploads,
  type RegisterUploadSummary,
  type SavedRegisterFile,
} from "./register-uploads";
