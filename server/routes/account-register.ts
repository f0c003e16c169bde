import { Router, type Response } from "express";
import {
  checkEmailMessage,
  EMAIL_TAKEN_MESSAGE,
  type LookupAnswer,
  NO_ACCOUNT_FOUND_MESSAGE,
  readPendingChoice,
  SIGNED_OUT_MESSAGE,
  textField,
  trimmedField,
} from "../accounts";
import { CRM_IDS } from "../crm";
import { signIn } from "../http/session-user";
import { emailProblem, normaliseEmail } from "../domain/email";
import { planOptions } from "../domain/plans";
import { LINK_SCHOOL_SCREEN } from "../../contracts/rules/link-school-screen";
import { safeNextPath } from "../../contracts/rules/same-site-path";
import type { RegisterWizardSettings } from "../../contracts/rules/register-wizard-settings";
import { HttpError, isApiRequest, type FieldErrors } from "../http/errors";
import { jsonFields } from "../http/json-fields";
import type { AccountRouteDependencies } from "./account-route-dependencies";
import { limitPerAddress } from "./per-address-limit";
import { keepRegistrationProgress, registrationProgress } from "../http/registration-progress";

const LOOKUPS_PER_ADDRESS = 60;
/** Generous: a staff training day signs up a whole room from one school address. */
const SIGN_UPS_PER_ADDRESS = 50;

const registerFields = jsonFields({
  first_name: "text",
  last_name: "text",
  phone_number: "text",
  email: "text",
  password: "text",
  next: "text",
});

/** What the register page shows without JavaScript; the wizard widget takes over when it runs. */
type RegisterStep = "lookupAccount" | "createAccount" | "existingAccount" | "checkEmail" | "signedIn";

interface RegisterPage {
  step: RegisterStep;
  next: string;
  email?: string;
  values?: Record<string, string>;
  errors?: FieldErrors;
  notice?: string;
  /** Only the entry page (GET /account/register/) carries the wizard widget. */
  wizard?: RegisterWizardSettings;
  /** A signed-in user is setting up a membership, not creating an account: the page heading says so. */
  signedIn?: boolean;
  /** A lapsed member renewing: the page heading (and the "Why" panel) says so; "individual" or "school". */
  renewing?: "individual" | "school";
  /** Signed in, the wizard will start at Link your school: its heading and intro show while the widget loads. */
  startsAtLinkSchool?: boolean;
}

/**
 * Sign-up start (accounts spec, sections 2 and 7): the register page, the
 * email lookup and account creation. Without JavaScript the lookup is a GET
 * form to /account/lookup/, which then answers with the page's next step.
 */
export function accountRegisterRoutes(deps: AccountRouteDependencies): Router {
  const { accounts } = deps;
  const router = Router({ strict: true });
  const supportEmail = deps.config.staffEmail;
  const crmIds = CRM_IDS[deps.config.crmEnv];
  // Every answer of the page says where to write without JavaScript, so the address is added here, not per call.
  const renderRegisterPage = (res: Response, page: RegisterPage): void => res.render("pages/account/register.njk", { ...page, supportEmail });

  router.get("/account/register/", async (req, res) => {
    const returnUrl = textField(req.query, "returnURL");
    const tokenEmail = returnUrl ? normaliseEmail(textField(req.query, "email")) : "";
    const next = safeNextPath(returnUrl || textField(req.query, "next"));
    const user = req.currentUser;
    // After a verified email: the wizard's pending choice {pathway, school, step}, for the person who verified only;
    // else, at a step's address (?step=, each step's history entry), where this session's wizard last was.
    const resumeKey = textField(req.query, "resume");
    const atStep = textField(req.query, "step") !== "";
    const resume = user && resumeKey ? await deps.emailVerification.resumeFor(user.id, resumeKey) : user && atStep ? registrationProgress(req, user.id) : undefined;
    const paymentStatus = textField(req.query, "paymentStatus") || undefined;
    // A lapsed member (or a lapsed paid school's admin) starts at their plans, unless coming back from a link or the payment page.
    // From a membership reminder's link (?renew=individual or school): a membership still current is renewed early too.
    const early = textField(req.query, "renew");
    const renewal =
      user && !resume && !paymentStatus && deps.renewalFor
        ? await deps.renewalFor(user.id, early === "individual" || early === "school" ? early : undefined)
        : undefined;
    renderRegisterPage(res, {
      step: user ? "signedIn" : tokenEmail ? "createAccount" : "lookupAccount",
      signedIn: Boolean(user),
      renewing: renewal?.kind,
      // The widget's startingPoint may still carry on from this tab's own history; then its screen replaces these lines.
      startsAtLinkSchool: Boolean(user) && !renewal && !paymentStatus && !tokenEmail && (!resume || resume.step === LINK_SCHOOL_SCREEN.step),
      next,
      email: tokenEmail,
      values: { email: tokenEmail },
      wizard: {
        constituentId: user?.id,
        next,
        email: tokenEmail || undefined,
        returnUrl: returnUrl ? next : undefined,
        linkSchool: textField(req.query, "link-school") === "true",
        paymentStatus,
        sessionId: textField(req.query, "sessionId") || undefined,
        // The school flow's configuration ids for this CRM environment, and where to write when it cannot finish online.
        emailDomainKeywordId: crmIds.emailDomainKeywordId,
        userSeatBenefitId: crmIds.seatBenefits.userSeat,
        adminSeatBenefitId: crmIds.seatBenefits.adminSeat,
        supportEmail,
        resume,
        renewal,
        // What the plan screens show and the basket item carries; the server prices the basket itself.
        plans: planOptions(),
        fundId: crmIds.fundId,
        individualLevelId: crmIds.membershipLevels.individual,
        individualMonthlyLevelId: crmIds.membershipLevels.individualMonthly,
        seatLevels: crmIds.membershipLevels.seatLevels,
      },
    });
  });

  // The wizard's step as the person moves on, for a new tab at a step's address (http/registration-progress.ts).
  router.put("/account/register/progress/", (req, res) => {
    if (!req.currentUser) throw new HttpError(401, SIGNED_OUT_MESSAGE);
    const reading = readPendingChoice(req.body);
    if (!reading.ok) throw new HttpError(400, "Check the details sent and try again.", reading.errors);
    keepRegistrationProgress(req, req.currentUser.id, reading.choice);
    res.status(204).end();
  });

  router.get("/account/lookup/", async (req, res) => {
    const email = normaliseEmail(textField(req.query, "email"));
    const next = safeNextPath(textField(req.query, "next"));
    const problem = emailProblem(email);
    if (problem) {
      if (isApiRequest(req)) throw new HttpError(400, problem, { email: [problem] });
      res.status(400);
      return renderRegisterPage(res, { step: "lookupAccount", next, values: { email }, errors: { email: [problem] } });
    }
    await limitPerAddress(deps.rateLimiter, req, "account-lookups", LOOKUPS_PER_ADDRESS);
    const answer = await accounts.lookupAccount(email, new Date());
    res.set("Cache-Control", "no-store");
    if (isApiRequest(req)) return void res.json(answer);
    renderRegisterPage(res, pageForLookup(answer, email, next));
  });

  router.post("/account/register/", registerFields, async (req, res) => {
    const next = safeNextPath(textField(req.body, "next"));
    const request = {
      first_name: trimmedField(req.body, "first_name"),
      last_name: trimmedField(req.body, "last_name"),
      phone_number: trimmedField(req.body, "phone_number"),
      email: normaliseEmail(textField(req.body, "email")),
      password: textField(req.body, "password"),
    };
    await limitPerAddress(deps.rateLimiter, req, "sign-ups", SIGN_UPS_PER_ADDRESS);
    const outcome = await accounts.register(request, new Date());
    if (outcome.kind === "invalid") {
      if (isApiRequest(req)) return void res.status(400).json({ success: false, IsLoggedIn: false, errors: outcome.errors });
      const { password: _password, ...values } = request;
      res.status(400);
      return renderRegisterPage(res, { step: "createAccount", next, values, errors: outcome.errors });
    }
    await signIn(req, outcome.constituent);
    // The wizard goes on posting from this page: it needs the new session's token.
    if (isApiRequest(req)) return void res.status(201).json({ IsLoggedIn: true, constituentId: outcome.constituent.id, csrfToken: deps.csrfTokenFor(req) });
    res.redirect(303, next);
  });

  return router;
}

function pageForLookup(answer: LookupAnswer, email: string, next: string): RegisterPage {
  if (answer.resetPassword) return { step: "checkEmail", next, email, notice: checkEmailMessage(email) };
  if (answer.email) return { step: "existingAccount", next, email, notice: EMAIL_TAKEN_MESSAGE };
  return { step: "createAccount", next, values: { email }, notice: NO_ACCOUNT_FOUND_MESSAGE };
}
