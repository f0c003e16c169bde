import { Router, type Response } from "express";
import { PASSWORD_HINT } from "../../contracts/rules/password-policy";
import { textField } from "../accounts";
import { setFlash } from "../http/flash";
import { httpErrorOf } from "../http/refusals";
import { signInStaff, signOutStaff } from "../http/staff-session";
import { isRefusal, type Refusal } from "../shared/refusal";
import { ENROLMENT_LINK_UNUSABLE_MESSAGE, STAFF_ENROLMENT_PATH, type StaffService } from "../staff";
import { clearStaffEnrolmentCookie, staffEnrolmentToken } from "./staff-enrolment-handoff";
import { STAFF_HOME } from "./staff-back-office";

/**
 * Signing in to the back office and enrolling (docs/back-office.md):
 *   GET|POST /staff-sign-in/   email, password and a code (authenticator or recovery code)
 *   GET|POST /staff-enrol/     the page an enrolment link leads to (its token in a cookie)
 *   POST     /staff/sign-out/
 * Mounted in the staff area (server/http/staff-area.ts): the staff session, never the member's.
 */

export const STAFF_SIGN_IN_PATH = "/staff-sign-in/";

export function staffSignInRoutes(options: { staff: StaffService }): Router {
  const { staff } = options;
  const router = Router({ strict: true });

  router.get("/staff-sign-in", (_req, res) => res.redirect(301, STAFF_SIGN_IN_PATH));

  router.get(STAFF_SIGN_IN_PATH, (req, res) => {
    if (req.staff) return res.redirect(303, STAFF_HOME);
    res.render("pages/staff/sign-in.njk", { email: "" });
  });

  router.post(STAFF_SIGN_IN_PATH, async (req, res) => {
    const request = { email: textField(req.body, "email"), password: textField(req.body, "password"), code: textField(req.body, "code") };
    const signedIn = await staff.signIn(request, req.ip ?? "");
    if (isRefusal(signedIn)) return showAgain(res, "pages/staff/sign-in.njk", signedIn, { email: request.email });
    await signInStaff(req, signedIn.staff);
    if (signedIn.via === "recovery-code") {
      const left = signedIn.recoveryCodesLeft ?? 0;
      setFlash(req, { variant: left <= 3 ? "error" : "success", text: recoveryCodeNotice(left) });
    }
    res.redirect(303, STAFF_HOME);
  });

  router.post("/staff/sign-out/", async (req, res, next) => {
    // Under /staff/: for anyone not signed in as staff, the address does not exist.
    if (!req.staff) return next();
    await staff.signedOut(req.staff, req.ip ?? "");
    await signOutStaff(req);
    setFlash(req, { variant: "success", text: "You have signed out of the back office." });
    res.redirect(303, STAFF_SIGN_IN_PATH);
  });

  router.get(STAFF_ENROLMENT_PATH, async (req, res) => {
    const page = await staff.enrolmentPage(staffEnrolmentToken(req) ?? "");
    if (isRefusal(page)) return linkUnusable(res);
    res.render("pages/staff/enrol.njk", { enrolment: page, passwordHint: PASSWORD_HINT });
  });

  router.post(STAFF_ENROLMENT_PATH, async (req, res) => {
    const token = staffEnrolmentToken(req) ?? "";
    const request = { password: textField(req.body, "password"), confirmPassword: textField(req.body, "confirmPassword"), code: textField(req.body, "code") };
    const enrolled = await staff.enrol(token, request, req.ip ?? "");
    if (isRefusal(enrolled)) {
      if (enrolled.reason === "not-found") return linkUnusable(res);
      const page = await staff.enrolmentPage(token);
      if (isRefusal(page)) return linkUnusable(res);
      return showAgain(res, "pages/staff/enrol.njk", enrolled, { enrolment: page, passwordHint: PASSWORD_HINT });
    }
    clearStaffEnrolmentCookie(res);
    await signInStaff(req, enrolled.staff);
    // Shown once, here, as the answer to the post: nothing keeps them to show again.
    res.render("pages/staff/recovery-codes.njk", { recoveryCodes: enrolled.recoveryCodes, signedInAs: enrolled.staff.email });
  });

  return router;
}

function recoveryCodeNotice(left: number): string {
  const codes = `${left} recovery ${left === 1 ? "code" : "codes"}`;
  return left <= 3 ? `You signed in with a recovery code: ${codes} left. Ask an owner for a new enrolment link to get a new set.` : `You signed in with a recovery code: ${codes} left.`;
}

/** The form again, with the refusal's status, its field errors and (without them) its message over the form. */
function showAgain(res: Response, template: string, refusal: Refusal, context: object): void {
  const error = httpErrorOf(refusal);
  if (refusal.reason === "too-many-attempts") res.set("Retry-After", String(refusal.retryAfterSeconds));
  res.status(error.status).render(template, { ...context, errors: refusal.errors ?? { _form: [refusal.message] } });
}

function linkUnusable(res: Response): void {
  clearStaffEnrolmentCookie(res);
  res.status(404).render("pages/staff/enrol-unusable.njk", { message: ENROLMENT_LINK_UNUSABLE_MESSAGE });
}
