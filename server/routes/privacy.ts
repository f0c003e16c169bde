import { Router, type Request, type RequestHandler, type Response } from "express";
import type { CurrentUser } from "../accounts";
import type { Config } from "../config";
import { HttpError, isApiRequest, type FieldErrors } from "../http/errors";
import { jsonFields } from "../http/json-fields";
import { requireUser, SIGNED_OUT_MESSAGE } from "../http/require-user";
import { signOut } from "../http/session-user";
import { existingSession } from "../http/session/session-middleware";
import type { OriginRule } from "../http/site-origin";
import { personalDataFileName, type PrivacyService } from "../privacy";
import { answerRefusal } from "./account-refusal";
import { privacyPageView } from "./privacy-view";

/**
 * The person's data (docs/my-account.md, "Your data") and the privacy page:
 *   GET  /account/my-data/           the JSON download
 *   GET  /account/delete-account/    what deleting does, and the form
 *   POST /account/delete-account/    { Password }: deletes, signs out, goes to the confirmation
 *   GET  /account/account-deleted/   the confirmation, for the browser that deleted
 *   GET  /privacy/                   what is stored, why and for how long
 */

declare module "express-session" {
  interface SessionData {
    /** Set in the signed-out session that follows a deletion, so the confirmation page knows it is that browser. */
    accountDeleted: true;
  }
}

export const MY_DATA_PATH = "/account/my-data/";
export const DELETE_ACCOUNT_PATH = "/account/delete-account/";
export const ACCOUNT_DELETED_PATH = "/account/account-deleted/";

export interface PrivacyRoutesOptions {
  privacy: PrivacyService;
  config: Pick<Config, "secureCookies" | "sessionIdleMinutes" | "sessionAbsoluteHours" | "staffEmail">;
  siteOrigin: OriginRule;
}

const deleteFields = jsonFields({ Password: "text" });

export function privacyRoutes(options: PrivacyRoutesOptions): Router {
  const { privacy, config } = options;
  const signedInOnly = requireUser(options.siteOrigin);
  const router = Router({ strict: true });
  const privacyPage = privacyPageView(config);

  router.get("/privacy/", (_req, res) => {
    res.render("pages/privacy.njk", privacyPage);
  });

  router.get(MY_DATA_PATH, signedInOnly, async (req, res) => {
    const now = new Date();
    const data = await privacy.personalData(signedInUser(req).id);
    if (!data) throw new HttpError(401, SIGNED_OUT_MESSAGE);
    res.set({
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${personalDataFileName(now)}"`,
      // One person's data: never kept by any cache (noStoreForPersonalResponses adds "private").
      "Cache-Control": "no-store",
    });
    res.send(JSON.stringify(data, null, 2));
  });

  async function renderDeletePage(req: Request, res: Response, errors?: FieldErrors): Promise<void> {
    const { soleAdminSchools } = await privacy.deletionWarnings(signedInUser(req).id);
    res.render("pages/account/delete-account.njk", { soleAdminSchools, staffEmail: config.staffEmail, errors, myDataPath: MY_DATA_PATH });
  }

  router.get(DELETE_ACCOUNT_PATH, signedInOnly, async (req, res) => renderDeletePage(req, res));

  const deleteHandler: RequestHandler = async (req, res) => {
    const outcome = await privacy.deleteAccount(signedInUser(req).id, req.body, req.ip);
    if (!outcome.ok) return answerRefusal(req, res, outcome, () => renderDeletePage(req, res, outcome.errors));
    // Every other session ended with auth_version; this one ends now, and the fresh one only knows what happened.
    await signOut(req);
    req.session.accountDeleted = true;
    if (isApiRequest(req)) {
      res.json({ success: true, redirect: ACCOUNT_DELETED_PATH });
      return;
    }
    res.redirect(303, ACCOUNT_DELETED_PATH);
  };
  router.post(DELETE_ACCOUNT_PATH, signedInOnly, deleteFields, deleteHandler);

  router.get(ACCOUNT_DELETED_PATH, (req, res) => {
    if (existingSession(req)?.accountDeleted !== true) {
      res.redirect(303, "/");
      return;
    }
    res.render("pages/account/account-deleted.njk", { staffEmail: config.staffEmail });
  });

  return router;
}

/** signedInOnly (requireUser) has run, so there is a user; the check keeps the types honest. */
function signedInUser(req: Request): CurrentUser {
  if (!req.currentUser) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  return req.currentUser;
}
