import { Router, type Response } from "express";
import { ALREADY_CONFIRMED_MESSAGE, type AlreadyConfirmed, type EmailVerificationService, readPendingChoice } from "../accounts";
import { setAccountNotice } from "../http/account-notice";
import { HttpError, isApiRequest } from "../http/errors";
import { requireUser } from "../http/require-user";
import type { OriginRule } from "../http/site-origin";
import { clearVerifyTokenCookie, VERIFY_EMAIL_PATH, verifyTokenFromCookie } from "./verify-email-handoff";

/** Where the link's page's button posts. */
const CONFIRM_LINK_PATH = "/account/verify-email/confirm/";

const TOO_MANY_LINKS_MESSAGE = "We've sent several links already. Check your inbox (and spam folder), or wait an hour and try again.";

/**
 * Email verification (docs/crm.md, "Seats, admins and verified email").
 * POST sends a link carrying the wizard's pending choice. Following it (GET,
 * after verify-email-handoff.ts has moved the token into a cookie) only shows
 * a "Confirm my email" button, so a mail scanner opening the link spends
 * nothing; the button (POST .../confirm/) confirms the address, and never
 * signs anyone in (login CSRF, issue 22 item 6): the same person goes on into
 * the wizard, someone else signed in here is told which address was confirmed,
 * and a signed-out browser is asked to sign in, coming back to the wizard
 * afterwards. POST .../address/ corrects an address not confirmed yet and
 * sends the link there (unconfirmed-address.ts).
 */
export function verifyEmailRoutes(options: { verification: EmailVerificationService; siteOrigin: OriginRule }): Router {
  const { verification } = options;
  const router = Router({ strict: true });
  const signedInOnly = requireUser(options.siteOrigin);

  // Opening the link only reads (mail scanners open every link): a "Confirm my email" button, or why it no longer works.
  router.get(VERIFY_EMAIL_PATH, async (req, res) => {
    const token = verifyTokenFromCookie(req);
    res.set("Cache-Control", "no-store");
    const preview = token ? await verification.preview(token, req.currentUser?.id) : { kind: "unusable-token" as const };
    if (preview.kind === "unusable-token") {
      clearVerifyTokenCookie(res);
      return renderUnusable(res, Boolean(req.currentUser));
    }
    if (preview.kind === "confirmable") return res.render("pages/account/verify-email.njk", { confirmable: preview, action: CONFIRM_LINK_PATH });
    // "Continue your registration" posts: the POST gives the registration a fresh resume key, a GET writes nothing.
    renderAlreadyConfirmed(res, preview, preview.resumable);
  });

  // The page's button: only this spends the link (the token still in its cookie, scoped to /account/verify-email/).
  router.post(CONFIRM_LINK_PATH, async (req, res) => {
    const token = verifyTokenFromCookie(req);
    clearVerifyTokenCookie(res);
    res.set("Cache-Control", "no-store");
    const outcome = token ? await verification.verify(token, req.currentUser?.id) : { kind: "unusable-token" as const };
    if (outcome.kind === "unusable-token") return renderUnusable(res, Boolean(req.currentUser));
    if (outcome.kind === "verified") return res.redirect(303, outcome.wizardPath);
    if (outcome.kind === "verified-for-another-account") return res.render("pages/account/verify-email.njk", { confirmedFor: outcome.email });
    if (outcome.kind === "email-changed") {
      // The same person goes back to My account, which says so; anyone else is only told, never signed in.
      if (!outcome.forSignedIn) return res.render("pages/account/verify-email.njk", { emailChangedTo: outcome.email, signedIn: Boolean(req.currentUser) });
      setAccountNotice(req, "email");
      return res.redirect(303, "/account/my-account/#profile");
    }
    if (outcome.kind === "email-change-taken") return res.status(409).render("pages/account/verify-email.njk", { changeTaken: outcome.email });
    if (outcome.kind === "already-confirmed") {
      // Its own "Continue your registration" button: straight on, resumed.
      if (outcome.who === "self" && outcome.resumable) return res.redirect(303, outcome.next.path);
      return renderAlreadyConfirmed(res, outcome, false);
    }
    res.render("pages/account/verify-email.njk", { confirmed: true, next: outcome.wizardPath });
  });

  // The unusable-link page's "Sign in to get a new link" comes back here.
  router.get("/account/verify-email/new/", signedInOnly, (_req, res) => renderUnusable(res, true, 200));

  router.post(VERIFY_EMAIL_PATH, signedInOnly, async (req, res) => {
    const user = req.currentUser!;
    const api = isApiRequest(req);
    let choice = null;
    // Only "Resend the email" (or the plain form's "Send me a new link") sends another; the wizard's first call joins the welcome email's link.
    let resend = !api;
    if (api) {
      const reading = readPendingChoice(req.body);
      if (!reading.ok) throw new HttpError(400, "Check the details sent and try again.", reading.errors);
      choice = reading.choice;
      resend = (req.body as { resend?: unknown }).resend === true;
    }
    const outcome = await verification.sendVerificationLink(user.id, choice, { resend });
    if (outcome.kind === "rate-limited") throw new HttpError(429, TOO_MANY_LINKS_MESSAGE);
    if (outcome.kind === "no-account") throw new HttpError(404, "We couldn't find your account. Sign in again.");
    if (api) return void res.json({ success: true, sentTo: outcome.sentTo, emailSent: outcome.kind === "sent" });
    res.render("pages/account/verify-email.njk", { sent: true, sentTo: outcome.sentTo });
  });

  // "Wrong address? Change it" (the wizard's check-inbox step): JSON {email}; the same limit as Resend.
  router.post(CORRECT_ADDRESS_PATH, signedInOnly, async (req, res) => {
    const typed = (req.body as { email?: unknown } | undefined)?.email;
    const outcome = await verification.correctAddress(req.currentUser!.id, typeof typed === "string" ? typed : "");
    if (outcome.kind === "invalid") throw new HttpError(400, outcome.errors.email?.[0] ?? "Check the email address and try again.", outcome.errors);
    if (outcome.kind === "already-confirmed") throw new HttpError(409, ALREADY_CONFIRMED_MESSAGE);
    if (outcome.kind === "rate-limited") throw new HttpError(429, TOO_MANY_LINKS_MESSAGE);
    if (outcome.kind === "no-account") throw new HttpError(404, "We couldn't find your account. Sign in again.");
    res.json({ success: true, sentTo: outcome.sentTo });
  });

  return router;
}

export const CORRECT_ADDRESS_PATH = "/account/verify-email/address/";

function renderAlreadyConfirmed(res: Response, outcome: AlreadyConfirmed, continueByPost: boolean): void {
  res.render("pages/account/verify-email.njk", { alreadyConfirmed: outcome.email, who: outcome.who, next: outcome.next, continueByPost, action: CONFIRM_LINK_PATH });
}

function renderUnusable(res: Response, signedIn: boolean, status = 410): void {
  res.status(status).render("pages/account/verify-email.njk", { sent: false, signedIn });
}
