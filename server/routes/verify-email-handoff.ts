import { emailedLinkHandoff } from "./emailed-link-handoff";

export const VERIFY_EMAIL_PATH = "/account/verify-email/";

/** The emailed link /account/verify-email/?token=… (emailed-link-handoff.ts says why it is handed off). */
/**
 * The cookie that carries a verification link's token to its page, and how long it lasts: the page's
 * "Confirm my email" button spends it, so it lasts an hour, as a reset link's does, for a button pressed late.
 */
export const VERIFY_EMAIL_TOKEN_COOKIE = "verify_email_token";
export const VERIFY_EMAIL_TOKEN_COOKIE_MINUTES = 60;

const verifyEmailLink = emailedLinkHandoff({
  cookieName: VERIFY_EMAIL_TOKEN_COOKIE,
  pagePath: VERIFY_EMAIL_PATH,
  cookieMinutes: VERIFY_EMAIL_TOKEN_COOKIE_MINUTES,
  linkToken: (req) => (req.path === VERIFY_EMAIL_PATH && typeof req.query.token === "string" ? req.query.token : undefined),
});

export const verifyEmailLinkHandoff = verifyEmailLink.middleware;
export const verifyTokenFromCookie = verifyEmailLink.tokenFromCookie;
export const clearVerifyTokenCookie = verifyEmailLink.clearCookie;
