import { emailedLinkHandoff } from "./emailed-link-handoff";

export const VERIFY_EMAIL_PATH = "/account/verify-email/";

/** The emailed link /account/verify-email/?token=… (emailed-link-handoff.ts says why it is handed off). */
const verifyEmailLink = emailedLinkHandoff({
  cookieName: "verify_email_token",
  pagePath: VERIFY_EMAIL_PATH,
  cookieMinutes: 10,
  linkToken: (req) => (req.path === VERIFY_EMAIL_PATH && typeof req.query.token === "string" ? req.query.token : undefined),
});

export const verifyEmailLinkHandoff = verifyEmailLink.middleware;
export const verifyTokenFromCookie = verifyEmailLink.tokenFromCookie;
export const clearVerifyTokenCookie = verifyEmailLink.clearCookie;
