import { Router, type Request, type Response } from "express";
import { SIGNED_OUT_MESSAGE } from "../accounts";
import { RESOURCES_PATH } from "../domain/resource-filters";
import { safeNextPath } from "../../contracts/rules/same-site-path";
import { isApiRequest, nonFieldErrorsKey } from "../http/errors";
import { confirmed, renderConfirmation } from "../http/confirm-action";
import { setFlash } from "../http/flash";
import { jsonFields } from "../http/json-fields";
import { setNoteDraft } from "../http/note-draft";
import { pathId } from "../http/path-id";
import { resourceUrl } from "../shared/content-urls";
import type { NoteActivity, TeacherNotesService } from "../resources";
import { failJson, redirectWithError } from "../http/write-replies";

/**
 * A person's own note on an activity (docs/resources.md, "Teacher notes"):
 *
 * - GET    /resources/notes/:activityId/         200 {content}; {content: ""} when there is none (a missing note is an empty one)
 * - POST   /resources/notes/:activityId/save/    JSON {content} -> 200 {success, content, updated_at}, 400, 403
 * - DELETE /resources/notes/:activityId/delete/  200 {success: true}; 404 when there is none
 *
 * Signed out: 401. Unknown activity, or one of an unpublished resource: 404.
 * The save and delete paths also take a plain form post (no JavaScript),
 * answered with a 303 back to the form's same-site `next` and a notice.
 */

export const NOTE_MESSAGES = {
  notMember: "Notes are for members. Join, or renew your membership, to keep notes on activities.",
  notFound: "That activity does not exist.",
  noNote: "You have no note on that activity.",
  saved: "Note saved.",
  deleted: "Note deleted.",
  confirmDeleteTitle: "Delete your note?",
  confirmDelete: "Your note on this activity will be deleted. This cannot be undone.",
  confirmDeleteButton: "Delete note",
} as const;

const notePath = "/resources/notes/:activityId/";

export function teacherNoteRoutes(options: { notes: TeacherNotesService }): Router {
  const { notes } = options;
  const router = Router({ strict: true });

  router.get(notePath, async (req, res) => {
    const activityId = pathId(req.params.activityId);
    if (!req.currentUser) return failJson(res, 401, { [nonFieldErrorsKey]: [SIGNED_OUT_MESSAGE] });
    const note = await notes.read(req.currentUser.id, activityId, new Date());
    if (note.kind === "not-found") return failJson(res, 404, { [nonFieldErrorsKey]: [NOTE_MESSAGES.notFound] });
    res.json({ content: note.kind === "note" ? note.content : "" });
  });

  router.post(`${notePath}save/`, jsonFields({ content: "text", next: "text" }), async (req, res) => {
    const activityId = pathId(req.params.activityId);
    const api = isApiRequest(req);
    const fields = (req.body ?? {}) as Record<string, unknown>;
    if (!req.currentUser) return signedOut(req, res, api, fields.next);

    const outcome = await notes.save(req.currentUser.id, activityId, fields.content, new Date());
    switch (outcome.kind) {
      case "not-found":
        if (api) return failJson(res, 404, { [nonFieldErrorsKey]: [NOTE_MESSAGES.notFound] });
        return redirectWithError(req, res, NOTE_MESSAGES.notFound, safeNextPath(fields.next, RESOURCES_PATH));
      case "not-member":
        if (api) return failJson(res, 403, { [nonFieldErrorsKey]: [NOTE_MESSAGES.notMember] });
        return redirectWithError(req, res, NOTE_MESSAGES.notMember, safeNextPath(fields.next, RESOURCES_PATH));
      case "invalid":
        if (api) return failJson(res, 400, { content: [outcome.message] });
        setNoteDraft(req, { activityId, content: outcome.content, error: outcome.message });
        return redirectWithError(req, res, outcome.message, pageOf(fields.next, outcome.activity));
      case "saved":
        if (api) return res.json({ success: true, content: outcome.content, updated_at: outcome.updatedAt });
        return backWithNotice(req, res, NOTE_MESSAGES.saved, pageOf(fields.next, outcome.activity));
    }
  });

  // DELETE from the widget; POST from the no-JavaScript form (or a client that cannot send DELETE).
  const deleteNote = async (req: Request, res: Response) => {
    const activityId = pathId(req.params.activityId);
    const api = req.method === "DELETE" || isApiRequest(req);
    const fields = (req.body ?? {}) as Record<string, unknown>;
    if (!req.currentUser) return signedOut(req, res, api, fields.next);
    // A plain form asks first, on a page of its own; the widget asks in the page and sends DELETE.
    if (!api && !confirmed(fields)) {
      const next = safeNextPath(fields.next, RESOURCES_PATH);
      return renderConfirmation(req, res, {
        title: NOTE_MESSAGES.confirmDeleteTitle,
        message: NOTE_MESSAGES.confirmDelete,
        confirmLabel: NOTE_MESSAGES.confirmDeleteButton,
        cancelHref: next,
        next,
      });
    }

    const outcome = await notes.delete(req.currentUser.id, activityId, new Date());
    if (api) {
      if (outcome.kind === "not-found") return failJson(res, 404, { [nonFieldErrorsKey]: [outcome.activity ? NOTE_MESSAGES.noNote : NOTE_MESSAGES.notFound] });
      return res.json({ success: true });
    }
    // Deleting what is already gone (a second tab, a double click) leaves the page as the person wanted it.
    if (outcome.activity) return backWithNotice(req, res, NOTE_MESSAGES.deleted, pageOf(fields.next, outcome.activity));
    return redirectWithError(req, res, NOTE_MESSAGES.notFound, safeNextPath(fields.next, RESOURCES_PATH));
  };
  router.delete(`${notePath}delete/`, deleteNote);
  router.post(`${notePath}delete/`, jsonFields({ next: "text", confirm: "text" }), deleteNote);

  return router;
}

/** Back to the form's same-site `next`, else the activity's note on its resource page. */
function pageOf(next: unknown, activity: NoteActivity): string {
  return safeNextPath(next, `${resourceUrl(activity.resourceSlug)}#note-${activity.id}`);
}

function signedOut(req: Request, res: Response, api: boolean, next: unknown): void {
  if (api) return failJson(res, 401, { [nonFieldErrorsKey]: [SIGNED_OUT_MESSAGE] });
  res.redirect(303, `/account/login/?next=${encodeURIComponent(safeNextPath(next, RESOURCES_PATH))}`);
}

function backWithNotice(req: Request, res: Response, text: string, location: string): void {
  setFlash(req, { variant: "success", text });
  res.redirect(303, location);
}
