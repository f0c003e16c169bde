import { useCallback, useEffect, useMemo, useRef } from "react";
import { debounce } from "../lib/debounce";
import { draftKey, readDraft, removeDraft, writeDraft, type NoteDraft } from "./draft-store";

/** How long typing pauses before the draft is written. */
export const DRAFT_DELAY_MS = 400;

export interface DraftControls {
  /** Write soon (debounced): called as the person types. */
  keepLater(content: string): void;
  /** Write now: after a failed save, so what was typed is certainly kept. */
  keepNow(content: string): void;
  /** Forget it, including a write still waiting: after a save or delete. */
  forget(): void;
  read(): NoteDraft | null;
}

/**
 * The note's draft on this device. A write still waiting when the page is
 * left (pagehide) or the widget unmounts is done at once, so the last
 * keystrokes are not lost.
 */
export function useDraft(userKey: string, activityId: string): DraftControls {
  const key = draftKey(userKey, activityId);
  const pending = useRef<string | null>(null);
  const write = useMemo(
    () =>
      debounce((content: string) => {
        pending.current = null;
        writeDraft(key, content);
      }, DRAFT_DELAY_MS),
    [key],
  );

  useEffect(() => {
    const flush = () => {
      write.cancel();
      if (pending.current !== null) writeDraft(key, pending.current);
      pending.current = null;
    };
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [key, write]);

  const keepLater = useCallback(
    (content: string) => {
      pending.current = content;
      write(content);
    },
    [write],
  );
  const keepNow = useCallback(
    (content: string) => {
      write.cancel();
      pending.current = null;
      writeDraft(key, content);
    },
    [key, write],
  );
  const forget = useCallback(() => {
    write.cancel();
    pending.current = null;
    removeDraft(key);
  }, [key, write]);
  const read = useCallback(() => readDraft(key), [key]);

  return useMemo(() => ({ keepLater, keepNow, forget, read }), [keepLater, keepNow, forget, read]);
}
