import { Router, type Request, type RequestHandler, type Response } from "express";
import { ACCOUNT_FORMS, setAccountNotice, takeAccountNotice, type AccountForm } from "../accounts/account-notices";
import type { AccountUpdateOutcome } from "../accounts/account-update-outcome";
import { sendContactMessage } from "../accounts/contact";
import { ownMemberships } from "../accounts/constituents";
import type { CurrentUser } from "../accounts/current-user";
import { changePassword } from "../accounts/password-change";
import { passwordHasher, type PasswordHasher } from "../accounts/password-hasher";
import { loadAccountDetails, updateProfile } from "../accounts/profile";
import { signIn } from "../accounts/session-user";
import { formatLondonDate, membershipStatus } from "../domain/membership-status";
import { NO_PREFIX_ID } from "../domain/name-prefixes";
import { hasField, submittedRecord } from "../domain/submitted-fields";
import { HttpError, isApiRequest } from "../http/errors";
import { jsonFields } from "../http/json-fields";
import { requireUser, SIGNED_OUT_MESSAGE } from "../http/require-user";
import { MailDeliveryError } from "../mail/mailer";
import { listSavedResources } from "../resources/saved-resources";
import type { AppServices } from "../services";
import { myAccountView, type FailedForm } from "./my-account-view";

/**
 * The signed-in area: My account (/account/my-account/), the dashboard, and
 * the writes its forms make (accounts spec, section 7):
 *   PUT /account/update-profile/    { Prefix, FirstName, LastName } or { Email, Password }
 *   PUT /account/update-password/   { Password, NewPassword }
 *   POST /account/contact-us-form/  { name, email, subject, message }
 * Each write answers JSON to the widgets and, for a plain form post without
 * JavaScript, re-renders My account with the errors or redirects to it with
 * a notice. HTML forms cannot send PUT, so the two PUT paths take POST too:
 * the same handler, told apart only by what the request accepts.
 */

export interface MyAccountRoutesOptions {
  services: Pick<AppServices, "database" | "rateLimiter" | "mailer" | "logger" | "config">;
  /** This request's CSRF token (server/http/csrf.ts): a password change rotates the session, and with it the token. */
  csrfTokenFor: (req: Request) => string;
  /** Defaults to the process's shared, concurrency-capped hasher. */
  hasher?: PasswordHasher;
}

const myAccountPath = "/account/my-account/";

/** The JSON types of each write's fields (server/http/json-fields.ts). */
const profileFields = jsonFields({ Prefix: "text or whole number", FirstName: "text", LastName: "text", Email: "text", Password: "text" });
const passwordFields = jsonFields({ Password: "text", NewPassword: "text", ConfirmPassword: "text" });
const contactFields = jsonFields({ name: "text", email: "text", subject: "text", message: "text" });

export function myAccountRoutes(options: MyAccountRoutesOptions): Router {
  const { services, csrfTokenFor } = options;
  const db = services.database.db;
  const passwordDependencies = { db, hasher: options.hasher ?? passwordHasher, rateLimiter: services.rateLimiter };
  const profileDependencies = { ...passwordDependencies, mailer: services.mailer, logger: services.logger };
  const contactDependencies = {
    db,
    mailer: services.mailer,
    rateLimiter: services.rateLimiter,
    staffEmail: services.config.staffEmail,
    subjects: services.config.contactSubjects,
  };
  const router = Router({ strict: true });

  /** My account with one form's outcome (or a pending notice) shown. */
  async function renderMyAccount(req: Request, res: Response, shown: { failed?: FailedForm } = {}): Promise<void> {
    const account = await loadAccountDetails(db, signedInUser(req).id);
    if (!account) throw new HttpError(401, SIGNED_OUT_MESSAGE);
    const notice = shown.failed ? undefined : takeAccountNotice(req);
    res.render(
      "pages/account/my-account.njk",
      myAccountView({ account, contactSubjects: services.config.contactSubjects, notice, failed: shown.failed,
        savedResources: await listSavedResources(db, signedInUser(req).id) }),
    );
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
      res.redirect(303, `${myAccountPath}#${ACCOUNT_FORMS[form].tab}`);
      return;
    }
    if (outcome.status === 429) res.set("Retry-After", String(outcome.retryAfterSeconds));
    res.status(outcome.status);
    if (isApiRequest(req)) {
      res.json({ success: false, errors: outcome.errors });
      return;
    }
    await renderMyAccount(req, res, { failed: { form: forms.failed, submitted: req.body, errors: outcome.errors } });
  }

  const updateProfileHandler: RequestHandler = async (req, res) => {
    const outcome = await updateProfile(profileDependencies, signedInUser(req).id, req.body);
    const sentForm: AccountForm = hasField(submittedRecord(req.body), "Email") ? "email" : "profile";
    await answer(
      req,
      res,
      { succeeded: (update) => (update.emailChanged ? "email" : "profile"), failed: sentForm },
      outcome,
      (update) => ({ account_details: update.accountDetails }),
    );
  };

  const updatePasswordHandler: RequestHandler = async (req, res) => {
    const user = signedInUser(req);
    const outcome = await changePassword(passwordDependencies, user.id, req.body);
    // Every older session is dead now (auth_version moved on); this one carries on under a new id.
    if (outcome.ok) await signIn(req, { id: user.id, auth_version: outcome.value.authVersion });
    await answer(req, res, { succeeded: () => "password", failed: "password" }, outcome, () => ({ csrfToken: csrfTokenFor(req) }));
  };

  const contactHandler: RequestHandler = async (req, res) => {
    const outcome = await sendContactMessage(contactDependencies, signedInUser(req).id, req.body).catch((error: unknown) => {
      throw error instanceof MailDeliveryError ? new HttpError(503, error.message) : error;
    });
    await answer(req, res, { succeeded: () => "contact", failed: "contact" }, outcome);
  };

  router.get(myAccountPath, requireUser, async (req, res) => renderMyAccount(req, res));

  router.get("/account/dashboard/", requireUser, async (req, res) => {
    const user = signedInUser(req);
    const status = membershipStatus(await ownMemberships(db, user.id), new Date());
    const membership = status.state === "none" ? status : { state: status.state, date: formatLondonDate(status.expiresAt) };
    res.render("pages/account/dashboard.njk", { firstName: user.firstName, membership });
  });

  // The pattern library's account-form and change-email pages show the signed-in person's own forms, live; a visitor sees them empty.
  for (const pattern of ["account-form", "change-email-dialog"]) {
    router.get(`/patterns/${pattern}/`, async (req, res) => {
      const account = req.currentUser ? await loadAccountDetails(db, req.currentUser.id) : undefined;
      const shown = account ?? { Prefix: NO_PREFIX_ID, FirstName: "", LastName: "", Email: "" };
      res.render(`pages/patterns/${pattern}.njk`, { ...myAccountView({ account: shown, contactSubjects: [] }), signedIn: account !== undefined });
    });
  }

  router
    .route("/account/update-profile/")
    .put(requireUser, profileFields, updateProfileHandler)
    .post(requireUser, profileFields, updateProfileHandler);
  router
    .route("/account/update-password/")
    .put(requireUser, passwordFields, updatePasswordHandler)
    .post(requireUser, passwordFields, updatePasswordHandler);
  router.post("/account/contact-us-form/", requireUser, contactFields, contactHandler);

  // Every page address ends in a slash.
  router.get(["/account/my-account", "/account/dashboard"], (req, res) => {
    res.redirect(301, `${req.path}/${req.originalUrl.slice(req.path.length)}`);
  });

  return router;
}

/** requireUser has run, so there is a user; the check keeps the types honest. */
function signedInUser(req: Request): CurrentUser {
  if (!req.currentUser) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  return req.currentUser;
}
