import { resourceUrl } from "../shared/content-urls";
import { safeNextPath } from "../../contracts/rules/same-site-path";
import type { SaveableResource } from "./saved-resources";

/*
 * What a plain form post to /account/save-resource/ says and where it goes
 * afterwards. Pure, no I/O: the route only carries these out.
 */

export const RESOURCES_PATH = "/resources/";
export const LOGIN_PATH = "/account/login/";

export const SAVE_FORM_ERRORS = {
  invalid: "We couldn't save that resource. Please try again.",
  notFound: "We couldn't find that resource. It may have been removed.",
} as const;

/** A one-page-view notice; the route shows it (as a flash, server/http/flash.ts). */
export interface SaveNotice {
  variant: "success" | "error";
  text: string;
}

/** The success notice: “Saved “Title” to your resources.” or the removal one. */
export function savedNotice(resource: Pick<SaveableResource, "title">, toSave: boolean): SaveNotice {
  const text = toSave
    ? `Saved “${resource.title}” to your resources.`
    : `Removed “${resource.title}” from your saved resources.`;
  return { variant: "success", text };
}

/** Back to `next` when it is a path on this site; otherwise the resource's page, or the listing when there is no resource. */
export function pageAfterSave(next: unknown, resource?: Pick<SaveableResource, "slug">): string {
  return safeNextPath(next, resource ? resourceUrl(resource.slug) : RESOURCES_PATH);
}

/** A signed-out form post: sign in, then come back to the page the form was on. */
export function signInPathFor(next: unknown): string {
  return `${LOGIN_PATH}?next=${encodeURIComponent(safeNextPath(next, RESOURCES_PATH))}`;
}
