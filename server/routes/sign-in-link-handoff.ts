import { SIGN_IN_LINK_LIFETIME_MINUTES } from "../accounts";
import { tokenInPathLinkHandoff } from "./emailed-link-handoff";

/** The cookie that carries a sign-in link's token to its page (docs/my-account.md lists every cookie the site sets). */
export const SIGN_IN_TOKEN_COOKIE = "sign_in_token";

/** The emailed link /account/login/link/<token>/ (emailed-link-handoff.ts says why it is handed off). */
export const {
  middleware: signInLinkHandoff,
  tokenFromCookie: signInTokenFromCookie,
  clearCookie: clearSignInTokenCookie,
} = tokenInPathLinkHandoff({ cookieName: SIGN_IN_TOKEN_COOKIE, pagePath: "/account/login/link/", cookieMinutes: SIGN_IN_LINK_LIFETIME_MINUTES });
