import { SIGN_IN_LINK_LIFETIME_MINUTES } from "../accounts/sign-in-links";
import { emailedLinkHandoff } from "./emailed-link-handoff";

const linkPattern = /^\/account\/login\/link\/([A-Za-z0-9_-]{43})\/$/;

/** The cookie that carries a sign-in link's token to its page (docs/my-account.md lists every cookie the site sets). */
export const SIGN_IN_TOKEN_COOKIE = "sign_in_token";

/** The emailed link /account/login/link/<token>/ (emailed-link-handoff.ts says why it is handed off). */
const signInLink = emailedLinkHandoff({
  cookieName: SIGN_IN_TOKEN_COOKIE,
  pagePath: "/account/login/link/",
  cookieMinutes: SIGN_IN_LINK_LIFETIME_MINUTES,
  linkToken: (req) => linkPattern.exec(req.path)?.[1],
});

export const signInLinkHandoff = signInLink.middleware;
export const signInTokenFromCookie = signInLink.tokenFromCookie;
export const clearSignInTokenCookie = signInLink.clearCookie;
