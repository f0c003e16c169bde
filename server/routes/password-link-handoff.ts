import { RESET_TOKEN_LIFETIME_MINUTES } from "../accounts/reset-tokens";
import { emailedLinkHandoff } from "./emailed-link-handoff";

const linkPattern = /^\/account\/reset-password\/([A-Za-z0-9_-]{43})\/$/;

/** The emailed link /account/reset-password/<token>/ (emailed-link-handoff.ts says why it is handed off). */
/** The cookie that carries a reset link's token to its page (docs/my-account.md lists every cookie the site sets). */
export const RESET_TOKEN_COOKIE = "reset_token";

const passwordLink = emailedLinkHandoff({
  cookieName: RESET_TOKEN_COOKIE,
  pagePath: "/account/reset-password/",
  cookieMinutes: RESET_TOKEN_LIFETIME_MINUTES,
  linkToken: (req) => linkPattern.exec(req.path)?.[1],
});

export const passwordLinkHandoff = passwordLink.middleware;
export const resetTokenFromCookie = passwordLink.tokenFromCookie;
export const clearResetTokenCookie = passwordLink.clearCookie;
