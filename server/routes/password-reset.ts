import { Router, type Request, type Response } from "express";
import { RESET_LINK_UNUSABLE_MESSAGE, RESET_TOKEN_LIFETIME_MINUTES, textField } from "../accounts";
import { signIn } from "../http/session-user";
import { emailProblem, normaliseEmail } from "../domain/email";
import { HttpError, isApiRequest, type FieldErrors } from "../http/errors";
import { jsonFields } from "../http/json-fields";
import type { AccountRouteDependencies } from "./account-route-dependencies";
import { clearResetTokenCookie, resetTokenFromCookie } from "./password-link-handoff";
import { limitPerAddress } from "./per-address-limit";

const RESET_REQUESTS_PER_ADDRESS = 20;

export const RESET_REQUESTED_MESSAGE = `If there is an account for that email address, we have sent it a link to choose a new password. The link works once, for ${RESET_TOKEN_LIFETIME_MINUTES} minutes.`;

/**
 * "Forgot your password?" (a request form; the same answer whether or not the
 * email has an account) and the set-password page the emailed link leads to.
 * The link's token arrives in a cookie set by password-link-handoff.ts, or
 * as `token` in a JSON body. A successful reset signs the person in.
 */
export function passwordResetRoutes(deps: Pick<AccountRouteDependencies, "accounts" | "rateLimiter">): Router {
  const { accounts } = deps;
  const router = Router({ strict: true });

  router.get("/account/forgot-password/", (_req, res) => {
    res.render("pages/account/forgot-password.njk", { values: {} });
  });

  router.post("/account/forgot-password/", jsonFields({ email: "text" }), async (req, res) => {
    const email = normaliseEmail(textField(req.body, "email"));
    const problem = emailProblem(email);
    if (problem) return answerInvalid(req, res, { email: [problem] }, "pages/account/forgot-password.njk", { values: { email } });
    await limitPerAddress(deps.rateLimiter, req, "password-reset-requests", RESET_REQUESTS_PER_ADDRESS);
    try {
      await accounts.requestPasswordReset(email, new Date());
    } catch (error) {
      // The answer must not depend on the account existing, so a failure to queue the email (the database) is only logged.
      req.log?.error({ err: error }, "password reset email could not be queued");
    }
    if (isApiRequest(req)) return void res.json({ success: true, message: RESET_REQUESTED_MESSAGE });
    res.render("pages/account/forgot-password.njk", { sent: true, message: RESET_REQUESTED_MESSAGE, values: {} });
  });

  router.get("/account/reset-password/", async (req, res) => {
    const usable = await accounts.resetTokenIsUsable(resetTokenFromCookie(req) ?? "", new Date());
    res.set("Cache-Control", "no-store");
    if (!usable) return renderUnusableLink(res);
    res.render("pages/account/reset-password.njk", { usable: true });
  });

  router.post("/account/reset-password/", jsonFields({ token: "text", password: "text", confirm_password: "text" }), async (req, res) => {
    const token = (isApiRequest(req) ? textField(req.body, "token") : "") || resetTokenFromCookie(req) || "";
    const outcome = await accounts.resetPassword(
      { token, password: textField(req.body, "password"), confirmPassword: textField(req.body, "confirm_password") },
      new Date(),
      req.ip,
    );
    if (outcome.kind === "invalid") return answerInvalid(req, res, outcome.errors, "pages/account/reset-password.njk", { usable: true });
    if (outcome.kind === "unusable-token") {
      if (isApiRequest(req)) throw new HttpError(410, RESET_LINK_UNUSABLE_MESSAGE);
      return renderUnusableLink(res);
    }
    clearResetTokenCookie(res);
    await signIn(req, outcome.constituent);
    if (isApiRequest(req)) return void res.json({ success: true, IsLoggedIn: true });
    res.redirect(303, "/account/reset-password/done/");
  });

  router.get("/account/reset-password/done/", (_req, res) => {
    res.render("pages/account/reset-password.njk", { done: true });
  });

  return router;
}

function renderUnusableLink(res: Response): void {
  res.status(410).render("pages/account/reset-password.njk", { usable: false, unusableMessage: RESET_LINK_UNUSABLE_MESSAGE });
}

function answerInvalid(req: Request, res: Response, errors: FieldErrors, template: string, page: object): void {
  res.status(400);
  if (isApiRequest(req)) res.json({ success: false, errors });
  else res.render(template, { ...page, errors });
}
