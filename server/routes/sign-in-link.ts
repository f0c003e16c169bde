import { Router, type Response } from "express";
import { SIGN_IN_LINK_SENT_MESSAGE, SIGN_IN_LINK_UNUSABLE_MESSAGE, textField } from "../accounts";
import { emailProblem, normaliseEmail } from "../domain/email";
import { destinationAfterSignIn } from "../../contracts/rules/sign-in-destination";
import { HttpError, isApiRequest } from "../http/errors";
import { jsonFields } from "../http/json-fields";
import { signIn } from "../http/session-user";
import type { AccountRouteDependencies } from "./account-route-dependencies";
import { renderLoginPage } from "./account-auth";
import { limitPerAddress } from "./per-address-limit";
import { clearSignInTokenCookie, signInTokenFromCookie } from "./sign-in-link-handoff";

/** Link requests per client address in fifteen minutes (each email typed also gets at most 3: sign-in-links.ts). */
const SIGN_IN_LINK_REQUESTS_PER_ADDRESS = 10;

/** After a link sign-in; the membership rule may send the person on to link a school instead. */
const DEFAULT_DESTINATION = "/account/my-account/";

/**
 * "Email me a sign-in link" (docs/accounts.md, "Sign-in links"), offered
 * while password sign-in is throttled:
 *   POST /account/login/email-link/  { email }: the same answer whether or not there is an account
 *   GET  /account/login/link/        the page the emailed link leads to (the token arrives in a
 *                                    cookie, sign-in-link-handoff.ts): a button, never a sign-in,
 *                                    so a mail scanner following the link signs nobody in
 *   POST /account/login/link/        the button: spends the token and signs that account in
 */
export function signInLinkRoutes(deps: Pick<AccountRouteDependencies, "accounts" | "rateLimiter">): Router {
  const { accounts } = deps;
  const router = Router({ strict: true });

  router.post("/account/login/email-link/", jsonFields({ email: "text", next: "text" }), async (req, res) => {
    const email = normaliseEmail(textField(req.body, "email"));
    const problem = emailProblem(email);
    if (problem) {
      if (isApiRequest(req)) throw new HttpError(400, problem, { email: [problem] });
      res.status(400);
      return renderLoginPage(res, { next: DEFAULT_DESTINATION, email, error: problem, offerSignInLink: true });
    }
    await limitPerAddress(deps.rateLimiter, req, "sign-in-link-requests", SIGN_IN_LINK_REQUESTS_PER_ADDRESS);
    try {
      await accounts.requestSignInLink(email, new Date());
    } catch (error) {
      // The answer must not depend on the account existing, so a failure to queue the email is only logged.
      req.log?.error({ err: error }, "sign-in link email could not be queued");
    }
    if (isApiRequest(req)) return void res.json({ success: true, message: SIGN_IN_LINK_SENT_MESSAGE });
    renderLoginPage(res, { next: DEFAULT_DESTINATION, email, notice: SIGN_IN_LINK_SENT_MESSAGE });
  });

  router.get("/account/login/link/", async (req, res) => {
    res.set("Cache-Control", "no-store");
    const usable = await accounts.signInLinkIsUsable(signInTokenFromCookie(req) ?? "", new Date());
    if (!usable) return renderUnusableLink(res);
    res.render("pages/account/login-link.njk", { usable: true });
  });

  router.post("/account/login/link/", async (req, res) => {
    const person = await accounts.signInWithLink(signInTokenFromCookie(req) ?? "", new Date(), req.ip);
    if (!person) {
      if (isApiRequest(req)) throw new HttpError(410, SIGN_IN_LINK_UNUSABLE_MESSAGE);
      return renderUnusableLink(res);
    }
    clearSignInTokenCookie(res);
    // As a password sign-in: a new session id and CSRF token (server/http/session-user.ts).
    await signIn(req, person);
    const answer = await accounts.loginAnswerFor(person.id);
    if (isApiRequest(req)) return void res.json(answer);
    res.redirect(303, destinationAfterSignIn(answer, DEFAULT_DESTINATION, new Date()));
  });

  return router;
}

function renderUnusableLink(res: Response): void {
  res.status(410).render("pages/account/login-link.njk", { usable: false, unusableMessage: SIGN_IN_LINK_UNUSABLE_MESSAGE });
}

