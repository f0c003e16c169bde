import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { savedResourceIdsFor } from "./saved-resources";

/** Who is looking at a page with Save controls, and where a no-JavaScript save should come back to. */
export interface Viewer {
  /** The signed-in constituent, or null for a visitor. */
  constituentId: number | null;
  csrfToken: string;
  /** This page's path and query. */
  returnPath: string;
  /** The signed-in person's own memberships, as the request read them (req.currentUser), so member access need not ask again. */
  ownMemberships?: readonly { expires_at: string }[];
}

/** What templates/macros/save-resource.njk's saveResourceControl(save) takes. */
export interface SaveControl {
  resourceId: number;
  resourceType: string;
  title: string;
  saved: boolean;
  signedIn: boolean;
  returnPath: string;
  csrfToken: string;
}

/** A Save control per resource, in order, with one query for which of them the viewer saved. */
export async function saveControlsFor(
  db: Kysely<Database>,
  resources: readonly { id: number; resourceType: string; title: string }[],
  viewer: Viewer,
): Promise<SaveControl[]> {
  const saved = await savedResourceIdsFor(db, viewer.constituentId, resources.map((resource) => resource.id));
  return resources.map((resource) => saveControlOf(resource, saved.has(resource.id), viewer));
}

/** One resource's Save control, when whether the viewer saved it is known. */
export function saveControlOf(resource: { id: number; resourceType: string; title: string }, saved: boolean, viewer: Viewer): SaveControl {
  return {
    resourceId: resource.id,
    resourceType: resource.resourceType,
    title: resource.title,
    saved,
    signedIn: viewer.constituentId !== null,
    returnPath: viewer.returnPath,
    csrfToken: viewer.csrfToken,
  };
}
