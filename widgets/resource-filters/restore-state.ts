/*
 * An auto-submit reloads the page. So a phone user who opened the panel and
 * ticked a box is not thrown back to a closed panel at the top of the page,
 * the widget notes, just before it submits, whether the panel was open and
 * which control had focus, and puts both back when the next page mounts it.
 * Per tab (sessionStorage), read once, and harmless when storage is blocked.
 */

const storageKey = "resource-filters:restore";
/** Older than this, the note is from a submit that never led back here (the visitor went elsewhere). */
const maxAgeMs = 30_000;

export interface RestoreState {
  expanded: boolean;
  /** The id of the control that had focus when the form was sent. */
  focusId: string | null;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberBeforeSubmit(
  state: RestoreState,
  storage: Storage | null = sessionStorageOrNull(),
  now: number = Date.now(),
): void {
  try {
    storage?.setItem(storageKey, JSON.stringify({ ...state, savedAt: now }));
  } catch {
    // Storage full or blocked: the next page simply starts as usual.
  }
}

/** The state saved by the last auto-submit in this tab, once: reading it forgets it. */
export function takeRestoreState(storage: Storage | null = sessionStorageOrNull(), now: number = Date.now()): RestoreState | null {
  try {
    const raw = storage?.getItem(storageKey);
    storage?.removeItem(storageKey);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<RestoreState> & { savedAt?: unknown };
    if (typeof value.savedAt !== "number" || now - value.savedAt > maxAgeMs || now < value.savedAt) return null;
    return {
      expanded: value.expanded === true,
      focusId: typeof value.focusId === "string" && value.focusId !== "" ? value.focusId : null,
    };
  } catch {
    return null;
  }
}
