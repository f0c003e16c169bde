import { Router } from "express";
import { isApiRequest, nonFieldErrorsKey } from "../http/errors";
import { setFlash } from "../http/flash";
import { jsonFields } from "../http/json-fields";
import { pageAfterSave, readFormSaveRequest, readJsonSaveRequest, SAVE_FORM_ERRORS, savedNotice, signInPathFor, type ResourcesService } from "../resources";
import { failJson, redirectWithError } from "../http/write-replies";

/**
 * POST /account/save-resource/ (docs/saved-resources.md).
 *
 * JSON from the Save widget: {resource_id, resource_type, to_save} answers
 * {success: true}, or {success: false, errors} with 400 (bad fields), 401
 * (signed out) or 404 (no such resource). CSRF (403) and unreadable JSON
 * (400) are answered before this by the shared middleware and error handler.
 *
 * A plain form post (no JavaScript) redirects (303) back to its same-site
 * `next` with a notice, and a signed-out one to sign in first.
 */

export const SAVE_RESOURCE_PATH = "/account/save-resource/";
export const SIGNED_OUT_SAVE_MESSAGE = "You must be logged in to save resources.";
export const UNKNOWN_RESOURCE_MESSAGE = "That resource does not exist.";

export function saveResourceRoutes(options: { resources: ResourcesService }): Router {
  const { resources } = options;
  const router = Router({ strict: true });

  // resource_id, resource_type and to_save have their own strict reader (save-request.ts); next is text.
  router.post(SAVE_RESOURCE_PATH, jsonFields({ next: "text" }), async (req, res) => {
    const api = isApiRequest(req);
    const next: unknown = (req.body as Record<string, unknown> | undefined)?.next;
    const user = req.currentUser;
    if (!user) {
      if (api) return failJson(res, 401, { [nonFieldErrorsKey]: [SIGNED_OUT_SAVE_MESSAGE] });
      return res.redirect(303, signInPathFor(next));
    }

    const request = api ? readJsonSaveRequest(req.body) : readFormSaveRequest(req.body);
    if (!request.ok) {
      if (api) return failJson(res, 400, request.errors);
      return redirectWithError(req, res, SAVE_FORM_ERRORS.invalid, pageAfterSave(next));
    }

    const resource = await resources.applySaveRequest(user.id, request.value);
    if (!resource) {
      if (api) return failJson(res, 404, { [nonFieldErrorsKey]: [UNKNOWN_RESOURCE_MESSAGE] });
      return redirectWithError(req, res, SAVE_FORM_ERRORS.notFound, pageAfterSave(next));
    }

    if (api) return res.json({ success: true });
    setFlash(req, savedNotice(resource, request.value.toSave));
    res.redirect(303, pageAfterSave(next, resource));
  });

  return router;
}
