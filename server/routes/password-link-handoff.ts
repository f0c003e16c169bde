import { RESET_TOKEN_LIFETIME_MINUTES } from "../accounts";
import { tokenInPathLinkHandoff } from "./emailed-link-handoff";

/** The cookie that carries a reset link's token to its page (docs/my-account.md lists every cookie the site sets). */
export const RESET_TOKEN_COOKIE = "reset_token";

/** The emailed link /account/reset-password/<token>/ (emailed-link-handoff.ts says why it is handed off). */
export const {
  middleware: passwordLinkHandoff,
  tokenFromCookie: resetTokenFromCookie,
  clearCookie: clearResetTokenCookie,
} = tokenInPathLinkHandoff({ cookieName: RESET_TOKEN_COOKIE, pagePath: "/account/reset-password/", cookieMinutes: RESET_TOKEN_LIFETIME_MINUTES });
