/*
 * The staff capability's front door: from outside server/staff/, this file
 * is the only one imported (docs/architecture.md, "Import rules";
 * docs/back-office.md).
 */

export { createStaffService, type StaffService } from "./staff-service";
export type { PeopleDeskDependencies, StaffDependencies } from "./staff-dependencies";
export type { SignedInStaff, StaffSignedIn } from "./staff-sign-in";
export { STAFF_SIGN_IN_FAILED_MESSAGE } from "./staff-sign-in";
export { ENROLMENT_LINK_UNUSABLE_MESSAGE, STAFF_ENROLMENT_PATH, type EnrolmentPage } from "./staff-enrolment";
export { ENROLMENT_LINK_LIFETIME_HOURS } from "./staff-records";
export type { StaffListEntry } from "./staff-management";
export type { DashboardFigures } from "./staff-dashboard";
export { AUDIT_TRAIL_LENGTH, PEOPLE_PER_PAGE, PEOPLE_SHOWN, type PersonPage, type StaffPeopleDesk } from "./staff-people-desk";
export { MEMBER_EXPORT_COLUMNS, SCHOOL_EXPORT_COLUMNS, type StaffExportsDesk } from "./staff-exports-desk";
export { ORDER_EXPORT_COLUMNS, ORDERS_PER_PAGE, type OrderView, type StaffOrdersDesk } from "./staff-orders-desk";
export { REGISTER_IMPORT_BUSY_MESSAGE, type StaffRegisterDesk } from "./staff-register-desk";
export { INBOX_PER_PAGE, REQUEST_KINDS, REQUEST_STATUSES, STAFF_AUTHOR_NAME, type InboxFilters, type InboxPage, type StaffRequestsDesk } from "./staff-requests-desk";
export {
  actionsOf,
  isStaffRole,
  roleAllows,
  STAFF_ACTIONS,
  STAFF_ROLE_DESCRIPTIONS,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffAction,
  type StaffRole,
} from "./staff-roles";
export { SCHOOL_FINDER_SHOWS } from "./staff-schools-desk";
