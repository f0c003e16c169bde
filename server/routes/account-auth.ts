import { Router, type Request, type Response } from "express";
import { LOGIN_FAILED_MESSAGE, LOGIN_FIELDS_MISSING_MESSAGE, textField, tooManyAttemptsMessage } from "../accounts";
import { normaliseEmail } from "../domain/email";
import { safeNextPath } from "../../contracts/rules/same-site-path";
import { destinationAfterSignIn } from "../../contracts/rules/sign-in-destination";
import { isApiRequest, nonFieldErrorsKey } from "../http/errors";
import { jsonFields } from "../http/json-fields";
import { signIn, signOut } from "../http/session-user";
import type { AccountRouteDependencies } from "./account-route-dependencies";

/**
 * Sign-in, sign-out and the session call (accounts spec, section 7; the
 * session's status is account-school-records.ts). Sign-up
 * (account-register.ts) and password reset (password-reset.ts) are mounted
 * beside it. Every write answers JSON to the widgets and re-renders or
 * redirects for plain form posts.
 */
export function accountAuthRoutes(deps: Pick<AccountRouteDependencies, "accounts">): Router {
  const { accounts } = deps;
  const router = Router({ strict: true });

  router.get("/account/login/", (req, res) => {
    renderLoginPage(res, { next: safeNextPath(req.query.next), email: "" });
  });

  // The login widget calls this on load (spec, section 2). The session already
  // exists (the page's CSRF token lives in it); this renews it and says so.
  router.post("/account/session/", (req, res) => {
    req.session.touch();
    res.json({ success: true, session_created: true });
  });

  router.post("/account/login/", jsonFields({ email: "text", password: "text", next: "text" }), async (req, res) => {
    const email = normaliseEmail(textField(req.body, "email"));
    const password = textField(req.body, "password");
    const next = safeNextPath(textField(req.body, "next"));
    if (email === "" || password === "") return refuseLogin(req, res, 400, LOGIN_FIELDS_MISSING_MESSAGE, { email, next });

    const outcome = await accounts.checkCredentials({ email, password, address: req.ip ?? "unknown" });
    if (outcome.kind === "throttled") {
      res.set("Retry-After", String(outcome.retryAfterSeconds));
      // The owner can still get in: the page (and the widget, on a 429) offers an emailed sign-in link (sign-in-link.ts).
      return refuseLogin(req, res, 429, tooManyAttemptsMessage(outcome.retryAfterSeconds), { email, next, offerSignInLink: true });
    }
    if (outcome.kind === "refused") return refuseLogin(req, res, 401, LOGIN_FAILED_MESSAGE, { email, next });

    await signIn(req, outcome.constituent);
    const answer = await accounts.loginAnswerFor(outcome.constituent.id);
    if (isApiRequest(req)) return void res.json(answer);
    res.redirect(303, destinationAfterSignIn(answer, next, new Date()));
  });

  router.post("/account/logout/", async (req, res) => {
    await signOut(req);
    if (isApiRequest(req)) return void res.json({ success: true });
    res.redirect(303, "/account/login/");
  });

  return router;
}

function refuseLogin(req: Request, res: Response, status: number, message: string, form: { email: string; next: string; offerSignInLink?: boolean }): void {
  res.status(status);
  if (isApiRequest(req)) {
    const offer = form.offerSignInLink ? { sign_in_link: true } : {};
    res.json({ success: false, IsLoggedIn: false, errors: { [nonFieldErrorsKey]: [message] }, ...offer });
    return;
  }
  renderLoginPage(res, { ...form, error: message });
}

/** `offerSignInLink`: show "Email me a sign-in link" (while throttled); `notice`: a status message (a link was sent). */
export function renderLoginPage(
  res: Response,
  page: { next: string; email: string; error?: string; notice?: string; offerSignInLink?: boolean },
): void {
  res.render("pages/account/login.njk", page);
}
