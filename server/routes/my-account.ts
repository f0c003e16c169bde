import { Router, type Request, type RequestHandler, type Response } from "express";
import { ACCOUNT_FORMS, accountDetailsOf, type AccountForm, type AccountsService, type AccountUpdateOutcome, type CurrentUser } from "../accounts";
import { NO_PREFIX_ID } from "../domain/name-prefixes";
import { hasField, submittedRecord } from "../domain/submitted-fields";
import { setAccountNotice, takeAccountNotice } from "../http/account-notice";
import { HttpError, isApiRequest } from "../http/errors";
import { httpErrorOf } from "../http/refusals";
import { jsonFields } from "../http/json-fields";
import { requireUser, SIGNED_OUT_MESSAGE } from "../http/require-user";
import { signIn } from "../http/session-user";
import type { OriginRule } from "../http/site-origin";
import type { PaymentsService } from "../payments";
import type { RequestsService } from "../requests";
import type { MemberPages } from "../cache/http/member-pages";
import type { MembershipReminders } from "../memberships";
import { answerRefusal } from "./account-refusal";
import { myAccountView, type FailedForm } from "./my-account-view";
import { membershipShown, MY_ACCOUNT_PATH, MY_ACCOUNT_VIEW, myAccountMainOf, type MyAccountMainSources } from "./my-account-main";

/**
 * The signed-in area: My account (/account/my-account/), the dashboard, and
 * the writes its forms make (accounts spec, section 7):
 *   PUT /account/update-profile/    { Prefix, FirstName, LastName } or { Email, Password }
 *   PUT /account/update-password/   { Password, NewPassword }
 *   POST /account/contact-us-form/  { name, email, subject, message }
 *   POST /account/membership-reminders/  { reminders: "on" } (ticked) or {} (unticked)
 * Each write answers JSON to the widgets and, for a plain form post without
 * JavaScript, re-renders My account with the errors or redirects to it with
 * a notice. HTML forms cannot send PUT, so the two PUT paths take POST too:
 * the same handler, told apart only by what the request accepts.
 */

export interface MyAccountRoutesOptions extends MyAccountMainSources {
  accounts: AccountsService;
  /** The contact form's messages, and the join requests an admin decides on the School tab. */
  requests: Pick<RequestsService, "sendContactMessage" | "joinRequestsForAdmin">;
  /** For the Membership tab, and its renewal and card choices. */
  payments: Pick<PaymentsService, "orderLines" | "renewingPlans" | "chooseRenewal" | "cardUpdate">;
  /** The Profile tab's "Email me before my membership ends" (docs/memberships.md "Reminders"). */
  membershipReminders: Pick<MembershipReminders, "remindersWanted" | "chooseReminders">;
  /** A member's page as the layout every member shares plus their own parts (issue 27); absent: rendered whole. */
  memberPages?: MemberPages;
  /** This request's CSRF token (server/http/csrf.ts): a password change rotates the session, and with it the token. */
  csrfTokenFor: (req: Request) => string;
  /** The site's own origin (server/http/site-origin.ts): a signed-out form post comes back to its page only when that page is this site's. */
  siteOrigin: OriginRule;
}


/** The JSON types of each write's fields (server/http/json-fields.ts). */
const profileFields = jsonFields({ Prefix: "text or whole number", FirstName: "text", LastName: "text", Email: "text", Password: "text" });
const passwordFields = jsonFields({ Password: "text", NewPassword: "text", ConfirmPassword: "text" });
const contactFields = jsonFields({ name: "text", email: "text", subject: "text", message: "text" });

export function myAccountRoutes(options: MyAccountRoutesOptions): Router {
  const { accounts, schools, requests, payments, membershipReminders, csrfTokenFor, memberPages } = options;
  const signedInOnly = requireUser(options.siteOrigin);
  const router = Router({ strict: true });
  const mainFor = myAccountMainOf(options);

  /** My account's <main> for this request, with one form's outcome (or the notice the last write left) shown. */
  function myAccountMain(req: Request, res: Response, shown: { failed?: FailedForm } = {}) {
    return mainFor(signedInUser(req), res.locals.csrfToken, { failed: shown.failed, notice: shown.failed ? undefined : takeAccountNotice(req) });
  }

  /** My account rendered whole (a form sent back with its errors; or without kept member pages). */
  async function renderMyAccount(req: Request, res: Response, shown: { failed?: FailedForm } = {}): Promise<void> {
    res.render(MY_ACCOUNT_VIEW, { main: await myAccountMain(req, res, shown) });
  }

  /** The answer to a write: JSON for widgets; for plain forms, a redirect with a notice or the page with errors. */
  async function answer<Value>(
    req: Request,
    res: Response,
    forms: { succeeded: (value: Value) => AccountForm; failed: AccountForm },
    outcome: AccountUpdateOutcome<Value>,
    json: (value: Value) => object = () => ({}),
  ): Promise<void> {
    if (outcome.ok) {
      if (isApiRequest(req)) {
        res.json({ success: true, ...json(outcome.value) });
        return;
      }
      const form = forms.succeeded(outcome.value);
      setAccountNotice(req, form);
      res.redirect(303, `${MY_ACCOUNT_PATH}#${ACCOUNT_FORMS[form].tab}`);
      return;
    }
    await answerRefusal(req, res, outcome, () =>
      renderMyAccount(req, res, { failed: { form: forms.failed, submitted: req.body, errors: outcome.errors ?? {} } }),
    );
  }

  const updateProfileHandler: RequestHandler = async (req, res) => {
    const outcome = await accounts.updateProfile(signedInUser(req).id, req.body, req.ip);
    const sentForm: AccountForm = hasField(submittedRecord(req.body), "Email") ? "email" : "profile";
    await answer(
      req,
      res,
      { succeeded: (update) => (update.pendingEmail ? "emailRequested" : "profile"), failed: sentForm },
      outcome,
      // The spec's account_details, as saved (the address changes only once its link is followed), and the pending change.
      (update) => ({
        account_details: update.accountDetails,
        ...(update.pendingEmail && { pending_email: update.pendingEmail, message: pendingChangeMessage(update.pendingEmail, update.accountDetails.Email) }),
      }),
    );
  };

  const resendEmailChangeHandler: RequestHandler = async (req, res) => {
    const outcome = await accounts.resendEmailChange(signedInUser(req).id);
    await answer(req, res, { succeeded: () => "emailChangeResent", failed: "email" }, outcome, (pending) => ({ pending_email: pending.email }));
  };

  const cancelEmailChangeHandler: RequestHandler = async (req, res) => {
    const outcome = await accounts.cancelEmailChange(signedInUser(req).id);
    await answer(req, res, { succeeded: () => "emailChangeCancelled", failed: "email" }, outcome);
  };

  const updatePasswordHandler: RequestHandler = async (req, res) => {
    const user = signedInUser(req);
    const outcome = await accounts.changePassword(user.id, req.body, req.ip);
    // Every older session is dead now (auth_version moved on); this one carries on under a new id.
    if (outcome.ok) await signIn(req, { id: user.id, auth_version: outcome.value.authVersion });
    await answer(req, res, { succeeded: () => "password", failed: "password" }, outcome, () => ({ csrfToken: csrfTokenFor(req) }));
  };

  const contactHandler: RequestHandler = async (req, res) => {
    const outcome = await requests.sendContactMessage(signedInUser(req).id, req.body);
    await answer(req, res, { succeeded: () => "contact", failed: "contact" }, outcome);
  };

  const remindersHandler: RequestHandler = async (req, res) => {
    const outcome = await membershipReminders.chooseReminders(signedInUser(req).id, req.body, new Date());
    await answer(req, res, { succeeded: (choice) => (choice.wanted ? "remindersOn" : "remindersOff"), failed: "remindersOff" }, outcome, (choice) => ({ reminders: choice.wanted }));
  };

  const renewalHandler: RequestHandler = async (req, res) => {
    const subscriptionId = /^\d{1,9}$/.test(String(req.params.id)) ? Number(req.params.id) : 0;
    const outcome = await payments.chooseRenewal(signedInUser(req).id, subscriptionId, req.body, req.ip ?? "");
    await answer(req, res, { succeeded: (choice) => (choice.renews ? "renewalOn" : "renewalOff"), failed: "renewalOff" }, outcome, (choice) => ({ renews: choice.renews }));
  };

  // The card a plan renews with is changed on the provider's own page (Stripe's Customer Portal), which comes back to the Membership tab.
  const cardHandler: RequestHandler = async (req, res) => {
    const subscriptionId = /^\d{1,9}$/.test(String(req.params.id)) ? Number(req.params.id) : 0;
    const outcome = await payments.cardUpdate(signedInUser(req).id, subscriptionId);
    if (!outcome.ok) throw httpErrorOf(outcome);
    if (isApiRequest(req)) res.json({ success: true, url: outcome.value.url });
    else res.redirect(303, outcome.value.url);
  };

  // The layout every member shares, rendered once and kept, with <main> rendered into it (issue 27).
  router.get(MY_ACCOUNT_PATH, signedInOnly, async (req, res) => {
    const sent = await memberPages?.send(req, res, {
      view: MY_ACCOUNT_VIEW,
      shared: async () => ({ context: {}, meta: undefined }),
      parts: async () => ({ main: await myAccountMain(req, res) }),
    });
    if (!sent) await renderMyAccount(req, res);
  });

  router.get("/account/dashboard/", signedInOnly, async (req, res) => {
    const user = signedInUser(req);
    res.render("pages/account/dashboard.njk", { firstName: user.firstName, membership: membershipShown(user.ownMemberships), school: await schools.schoolTab(user.id) });
  });

  // What the person now has (the wizard's last screen, issue 23 item 14): the dashboard's two cards as JSON.
  router.get("/account/standing/", signedInOnly, async (req, res) => {
    const user = signedInUser(req);
    const tab = await schools.schoolTab(user.id);
    const school = tab ? { name: tab.name, role: tab.role, membershipExpires: tab.membership?.expires ?? null } : null;
    // Asked afresh, not as the request's person (kept up to 5 s per process): the wizard reads it right after a payment, which another process may have fulfilled.
    res.set("Cache-Control", "no-store").json({ success: true, membership: membershipShown(await accounts.memberships(user.id)), school });
  });

  // The pattern library's account-form and change-email pages show the signed-in person's own forms, live; a visitor sees them empty.
  for (const pattern of ["account-form", "change-email-dialog"]) {
    router.get(`/patterns/${pattern}/`, async (req, res) => {
      const account = req.currentUser ? accountDetailsOf(req.currentUser) : undefined;
      const shown = account ?? { Prefix: NO_PREFIX_ID, FirstName: "", LastName: "", Email: "" };
      res.render(`pages/patterns/${pattern}.njk`, { ...myAccountView({ account: shown, contactSubjects: [] }), signedIn: account !== undefined });
    });
  }

  router
    .route("/account/update-profile/")
    .put(signedInOnly, profileFields, updateProfileHandler)
    .post(signedInOnly, profileFields, updateProfileHandler);
  router
    .route("/account/update-password/")
    .put(signedInOnly, passwordFields, updatePasswordHandler)
    .post(signedInOnly, passwordFields, updatePasswordHandler);
  router.post("/account/contact-us-form/", signedInOnly, contactFields, contactHandler);
  router.post("/account/email-change/resend/", signedInOnly, resendEmailChangeHandler);
  router.post("/account/email-change/cancel/", signedInOnly, cancelEmailChangeHandler);
  router.post("/account/membership-reminders/", signedInOnly, remindersHandler);
  router.post("/account/subscriptions/:id/renewal/", signedInOnly, renewalHandler);
  router.post("/account/subscriptions/:id/card/", signedInOnly, cardHandler);

  // Every page address ends in a slash.
  router.get(["/account/my-account", "/account/dashboard"], (req, res) => {
    res.redirect(301, `${req.path}/${req.originalUrl.slice(req.path.length)}`);
  });

  return router;
}

/** What My account says while an email change waits on its link. */
export function pendingChangeMessage(newEmail: string, currentEmail: string): string {
  return `We've sent a link to ${newEmail}. Your address stays ${currentEmail} until you follow it.`;
}

/** signedInOnly (requireUser) has run, so there is a user; the check keeps the types honest. */
function signedInUser(req: Request): CurrentUser {
  if (!req.currentUser) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  return req.currentUser;
}
