import { ENROLMENT_LINK_LIFETIME_HOURS, STAFF_ENROLMENT_PATH } from "../staff";
import { tokenInPathLinkHandoff } from "./emailed-link-handoff";

/** The cookie that carries an enrolment link's token to its page (docs/my-account.md lists every cookie the site sets). */
export const STAFF_ENROLMENT_COOKIE = "staff_enrolment_token";

/** The enrolment link /staff-enrol/<token>/, printed by `npm run staff:create` or emailed (emailed-link-handoff.ts says why it is handed off). */
export const {
  middleware: staffEnrolmentLinkHandoff,
  tokenFromCookie: staffEnrolmentToken,
  clearCookie: clearStaffEnrolmentCookie,
} = tokenInPathLinkHandoff({ cookieName: STAFF_ENROLMENT_COOKIE, pagePath: STAFF_ENROLMENT_PATH, cookieMinutes: ENROLMENT_LINK_LIFETIME_HOURS * 60 });
