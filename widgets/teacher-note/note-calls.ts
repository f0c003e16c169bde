import { http, HttpError } from "../lib/http";

/*
 * The note's three calls (docs/resource-tools.md). The http client adds the
 * JSON content type, the CSRF header and the XMLHttpRequest marker.
 */

export interface NoteEndpoints {
  /** GET: {content}, "" when there is no note. */
  fetch: string;
  /** POST {content}: {success: true, content, updated_at}. */
  save: string;
  /** DELETE: {success: true}. */
  remove: string;
}

export function noteEndpoints(base: string, activityId: string): NoteEndpoints {
  const root = `${base.replace(/\/+$/, "")}/${encodeURIComponent(activityId)}/`;
  return { fetch: root, save: `${root}save/`, remove: `${root}delete/` };
}

/** The saved note, or "" when the person has none. Anything else rejects. */
export async function fetchNote(endpoints: NoteEndpoints, signal?: AbortSignal): Promise<string> {
  const body = await http.get<{ content?: unknown } | undefined>(endpoints.fetch, { signal });
  if (typeof body?.content !== "string") throw new Error("The note answer had no content");
  return body.content;
}

export interface SavedNote {
  content: string;
  updatedAt: Date;
}

/** Resolves with what the server stored; rejects on any failure (a 400's field message is in the HttpError's body). */
export async function saveNote(endpoints: NoteEndpoints, content: string): Promise<SavedNote> {
  const body = await http.post<{ success?: unknown; content?: unknown; updated_at?: unknown } | undefined>(endpoints.save, { content });
  if (body?.success !== true) throw new Error("The save answer did not say success: true");
  const updatedAt = typeof body.updated_at === "string" ? new Date(body.updated_at) : new Date();
  return {
    content: typeof body.content === "string" ? body.content : content,
    updatedAt: Number.isNaN(updatedAt.getTime()) ? new Date() : updatedAt,
  };
}

/** Resolves once the note is gone; a 404 means it already was. */
export async function deleteNote(endpoints: NoteEndpoints): Promise<void> {
  try {
    await http.delete<unknown>(endpoints.remove);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return;
    throw error;
  }
}

/** The server's own message for the content field of a 400, if it sent one. */
export function serverFieldError(error: unknown): string | null {
  if (!(error instanceof HttpError) || error.status !== 400) return null;
  const messages = (error.body as { errors?: { content?: unknown } } | undefined)?.errors?.content;
  return Array.isArray(messages) && typeof messages[0] === "string" ? messages[0] : null;
}
