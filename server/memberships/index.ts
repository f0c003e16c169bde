/*
 * The memberships capability's front door: from outside server/memberships/,
 * this file is the only one imported (docs/architecture.md, "Import rules").
 */

export { createMemberAccess, type MemberAccess, type MemberAccessReader } from "./member-access-reader";
export { createSeatGrantsService, type SeatGrantsService, type SeatUsageRequest } from "./seat-grants";
export { createSchoolRecordsService, type SchoolRecordsService } from "./school-records-service";
export { createSchoolAdminService, type AffiliationRequest, type SchoolAdminService } from "./school-admin-service";
export type { SchoolTab } from "./school-admin-tab";
export { INVITE_SENT_MESSAGE, parseInviteRequest } from "./invites";
export { renewalFor, type Renewal } from "./lapsed-renewal";
export { refusals as seatGrantRefusals } from "./seat-grants-refusals";
export { schoolPurchaseFacts } from "./school-purchase-standing";
export { withSchoolLock } from "./seat-grants-lock";
export { currentMembership, leaveEverySchool, takeSeat } from "./school-seats";
export {
  affiliationsForExport,
  forgetInvitesOf,
  invitesForExport,
  membershipsForExport,
  schoolsWithOnlyThisAdmin,
  type SoleAdminSchool,
} from "./membership-data-of-person";
