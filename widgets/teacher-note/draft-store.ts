/*
 * A note's unsaved draft, kept on this device under
 * `teacher-note:{userKey}:{activityId}` (spec: per user and activity) until
 * the note is saved or deleted. Storage can be full, disabled or blocked:
 * every access is guarded, and a draft that cannot be kept is just not kept.
 */

export interface NoteDraft {
  content: string;
  /** When it was last written, ISO 8601. */
  savedAt: string;
}

export function draftKey(userKey: string, activityId: string): string {
  return `teacher-note:${userKey}:${activityId}`;
}

export function readDraft(key: string): NoteDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    const parsed = JSON.parse(raw) as Partial<NoteDraft>;
    if (typeof parsed.content !== "string" || typeof parsed.savedAt !== "string") return null;
    return { content: parsed.content, savedAt: parsed.savedAt };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, content: string, now: Date = new Date()): void {
  try {
    window.localStorage.setItem(key, JSON.stringify({ content, savedAt: now.toISOString() } satisfies NoteDraft));
  } catch (error) {
    console.error("The note's draft could not be kept on this device", error);
  }
}

export function removeDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing kept, nothing to remove.
  }
}
