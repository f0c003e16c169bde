import { http, HttpError } from "../lib/http";
import type { SignInStanding as LoginAnswer } from "../../contracts/rules/sign-in-destination";
import type { LoginFormStrings } from "./parse";

/**
 * The login widget's two calls (accounts spec, section 7) and how their
 * failures map to the spec's messages (section 8).
 */

/** POST /account/session/ on load. Resolves with an error message, or null when the session is ready. */
export async function createSession(strings: LoginFormStrings): Promise<string | null> {
  try {
    await http.post("/account/session/");
    return null;
  } catch (error) {
    return error instanceof HttpError ? strings.sessionFailed : strings.loginError;
  }
}

/** `offerSignInLink`: the server said the sign-in is throttled and an emailed link may be asked for instead. */
export type LoginResult = { ok: true; answer: LoginAnswer } | { ok: false; message: string; offerSignInLink?: boolean };

export async function logIn(fields: { email: string; password: string; next: string | null }, strings: LoginFormStrings): Promise<LoginResult> {
  try {
    const answer = await http.post<LoginAnswer>("/account/login/", { ...fields, next: fields.next ?? "" });
    return answer?.IsLoggedIn === true ? { ok: true, answer } : { ok: false, message: strings.loginFailed };
  } catch (error) {
    if (!(error instanceof HttpError)) return { ok: false, message: strings.loginError };
    const offerSignInLink = error.status === 429 && (error.body as { sign_in_link?: unknown } | undefined)?.sign_in_link === true;
    return { ok: false, message: waitMessage(error) ?? strings.loginFailed, offerSignInLink };
  }
}

/** "Email me a sign-in link": resolves with the message to show (the server's, the same whether or not there is an account). */
export async function requestSignInLink(href: string, email: string, strings: LoginFormStrings): Promise<{ ok: boolean; message: string }> {
  try {
    const answer = await http.post<{ message?: unknown }>(href, { email });
    return { ok: true, message: typeof answer?.message === "string" ? answer.message : strings.signInLinkSent };
  } catch (error) {
    const messages = error instanceof HttpError ? (error.body as { errors?: { __all__?: unknown } } | undefined)?.errors?.__all__ : undefined;
    return { ok: false, message: Array.isArray(messages) && typeof messages[0] === "string" ? messages[0] : strings.loginError };
  }
}

/**
 * A lockout (429) or a busy server (503) is not a credentials problem, so
 * the server's own advice (how long to wait) is shown instead.
 */
function waitMessage(error: HttpError): string | null {
  if (error.status !== 429 && error.status !== 503) return null;
  const messages = (error.body as { errors?: { __all__?: unknown } } | undefined)?.errors?.__all__;
  return Array.isArray(messages) && typeof messages[0] === "string" ? messages[0] : null;
}
