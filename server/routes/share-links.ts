import { Router } from "express";
import { safeNextPath } from "../../contracts/rules/same-site-path";
import { HttpError, isApiRequest, nonFieldErrorsKey, notFound } from "../http/errors";
import { confirmed, renderConfirmation } from "../http/confirm-action";
import { setFlash } from "../http/flash";
import { jsonFields } from "../http/json-fields";
import { requireUser } from "../http/require-user";
import type { OriginRule } from "../http/site-origin";
import {
  readShareLinkRequest,
  LINK_CREATED_NOTICE,
  LINK_INACTIVE_MESSAGE,
  LINK_REVOKED_MESSAGES,
  LINK_REVOKED_NOTICE,
  LINK_REVOKED_TITLE,
  REVOKE_CONFIRM_BUTTON,
  REVOKE_CONFIRM_MESSAGE,
  REVOKE_CONFIRM_TITLE,
  notMemberShareMessage,
  SHARE_FIELDS_INVALID_MESSAGE,
  teacherLinkMembersOnlyPage,
  UNKNOWN_SHARE_RESOURCE_MESSAGE,
  type ShareLinksService,
} from "../resources";
import { failJson, redirectWithError } from "../http/write-replies";

/*
 * Share links (docs/resources.md "Share links"). Mounted before the resource
 * pages' routes, so /resources/shared/... and /resources/<slug>/share/ are
 * not read as a resource slug.
 */

export const GENERATE_SHARE_LINK_PATH = "/resources/generate-shareable-link/";

/** Where a plain form goes back to when it names no (safe) page of its own. */
const RESOURCES_LISTING = "/resources/";

export function shareLinkRoutes(options: { shareLinks: ShareLinksService; siteOrigin: OriginRule }): Router {
  const { shareLinks } = options;
  const router = Router({ strict: true });
  const signedIn = requireUser(options.siteOrigin);

  // type, resource_id and resource_type have their own strict reader (share-link-request.ts); next is text.
  router.post(GENERATE_SHARE_LINK_PATH, signedIn, jsonFields({ next: "text" }), async (req, res) => {
    const api = isApiRequest(req);
    const back = safeNextPath((req.body as Record<string, unknown> | undefined)?.next, RESOURCES_LISTING);
    const request = readShareLinkRequest(req.body);
    if (!request.ok) {
      if (api) return failJson(res, 400, request.errors);
      return redirectWithError(req, res, SHARE_FIELDS_INVALID_MESSAGE, back);
    }
    const outcome = await shareLinks.generate(req.currentUser!.id, request.value);
    if (outcome.kind === "not-member") {
      if (api) return failJson(res, 403, { [nonFieldErrorsKey]: [notMemberShareMessage(outcome.access)] });
      return redirectWithError(req, res, notMemberShareMessage(outcome.access), back);
    }
    if (outcome.kind === "unknown-resource") {
      if (api) return failJson(res, 404, { [nonFieldErrorsKey]: [UNKNOWN_SHARE_RESOURCE_MESSAGE] });
      throw notFound();
    }
    if (api) return res.json({ link: outcome.link });
    setFlash(req, { variant: "success", text: LINK_CREATED_NOTICE });
    res.redirect(303, `/resources/${outcome.slug}/share/`);
  });

  router.post("/resources/shared/:token/revoke/", signedIn, jsonFields({ next: "text", confirm: "text" }), async (req, res) => {
    const fields = (req.body ?? {}) as Record<string, unknown>;
    // A plain form asks first, on a page of its own; the share dialog asks in the page and posts JSON.
    if (!isApiRequest(req) && !confirmed(fields)) {
      const next = safeNextPath(fields.next, RESOURCES_LISTING);
      return renderConfirmation(req, res, {
        title: REVOKE_CONFIRM_TITLE,
        message: REVOKE_CONFIRM_MESSAGE,
        confirmLabel: REVOKE_CONFIRM_BUTTON,
        cancelHref: next,
        next,
      });
    }
    // Someone else's link, a revoked one or no link at all: the same 404, so tokens cannot be probed.
    const revoked = await shareLinks.revoke(req.currentUser!.id, req.params.token as string);
    if (!revoked) throw notFound();
    if (isApiRequest(req)) return res.json({ success: true });
    setFlash(req, { variant: "success", text: LINK_REVOKED_NOTICE });
    res.redirect(303, `/resources/${revoked.slug}/share/`);
  });

  router.get("/resources/:slug/share/", signedIn, async (req, res) => {
    const outcome = await shareLinks.sharePage(req.currentUser!.id, req.params.slug as string);
    if (outcome.kind === "unknown-resource") throw notFound();
    if (outcome.kind === "not-member") {
      setFlash(req, { variant: "error", text: notMemberShareMessage(outcome.access) });
      return res.redirect(303, `/resources/${encodeURIComponent(req.params.slug as string)}/`);
    }
    res.render("pages/resource-share.njk", { ...outcome.page, csrfToken: String(res.locals.csrfToken ?? "") });
  });

  router.get("/resources/shared/:token/", async (req, res) => {
    const outcome = await shareLinks.open(req.params.token as string, req.currentUser?.id ?? null);
    if (outcome.kind === "not-found") throw notFound();
    if (outcome.kind === "revoked") {
      // 410: gone for good. The address was a secret: its page is not cached, indexed or referred onwards either.
      res.set({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
      throw new HttpError(410, LINK_REVOKED_MESSAGES[outcome.type], undefined, LINK_REVOKED_TITLE);
    }
    if (outcome.kind === "inactive") throw new HttpError(404, LINK_INACTIVE_MESSAGE, undefined, "This link is no longer active");
    if (outcome.kind === "teacher") {
      if (outcome.access.kind === "member") return res.redirect(303, `/resources/${outcome.slug}/`);
      if (outcome.access.kind === "signed-out") return res.redirect(302, `/account/login/?next=${encodeURIComponent(req.originalUrl)}`);
      res.status(403);
      return res.render("pages/resource-members-only.njk", teacherLinkMembersOnlyPage(outcome.access, req.originalUrl));
    }
    // The address is the secret: it must not leak onwards (Referer), into caches or into search engines.
    res.set({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
    res.render("pages/resource-student.njk", outcome.view);
  });

  return router;
}
