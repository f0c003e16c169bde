/*
 * The memberships capability's front door: from outside server/memberships/,
 * this file is the only one imported (docs/architecture.md, "Import rules").
 */

export { createMemberAccess, type MemberAccess, type MemberAccessReader } from "./member-access-reader";
export { renewalFor } from "./lapsed-renewal";
export type { Renewal } from "../../contracts/shapes/renewal";
export { createOrRenewMembership, endMembershipNow, extendMembership, type MembershipTerm } from "./membership-terms";
export {
  createMembershipReminders,
  dueReminderDays,
  forgetReminderChoice,
  reminderChoiceForExport,
  REMINDER_SETTING_PATH,
  type MembershipReminders,
} from "./membership-reminders";
export { membershipSuspensions, type MembershipSuspensions } from "./membership-suspensions";
