import { useEffect, useRef } from "react";
import { historyState, readEntry, urlForStep, viewKey, type WizardEntry } from "./wizard-history";
import { fitsPerson } from "./wizard-storage";

interface StepHistoryInput {
  /** What the screen shows now; null for a screen that is no entry of its own (paymentProcessing, one arrival's). */
  entry: Omit<WizardEntry, "index"> | null;
  /** Who is signed in now: an entry from before sign-up is passed over once they are. */
  constituentId: number | null;
  /** Shows an entry's screen again, after Back or Forward. */
  restore: (entry: WizardEntry) => void;
}

/**
 * Keeps the browser's history in step with the wizard (issue 23, item 6):
 * a new screen pushes an entry, a change on the same screen (a school
 * chosen, a message) updates the current one, and popstate restores the
 * entry's screen. Entries for the account screens are skipped, in the
 * direction of travel, once the person is signed in.
 */
export function useStepHistory({ entry, constituentId, restore }: StepHistoryInput): void {
  const index = useRef<number | null>(null);
  const recordedView = useRef<string | null>(null);
  /** The view popstate restored: reaching it updates that entry rather than pushing a new one. */
  const restoredView = useRef<string | null>(null);
  const latest = useRef({ constituentId, restore });
  latest.current = { constituentId, restore };

  const serialised = entry && JSON.stringify(entry);
  useEffect(() => {
    if (!entry) return;
    const view = viewKey(entry.step, entry.inbox);
    index.current ??= readEntry(window.history.state)?.index ?? 0;
    const push = recordedView.current !== null && recordedView.current !== view && restoredView.current !== view;
    if (push) index.current += 1;
    recordedView.current = view;
    restoredView.current = null;
    const state = historyState({ ...entry, index: index.current });
    const url = urlForStep(window.location.href, entry.step);
    try {
      if (push) window.history.pushState(state, "", url);
      else window.history.replaceState(state, "", url);
    } catch {
      // A state the browser will not store (too large) only loses Back between steps.
    }
    // serialised stands for entry: the effect runs when what an entry holds changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serialised]);

  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      const target = readEntry(event.state);
      if (!target) return;
      const forward = target.index > (index.current ?? 0);
      index.current = target.index;
      if (!fitsPerson(target, latest.current.constituentId)) return window.history.go(forward ? 1 : -1);
      restoredView.current = viewKey(target.step, target.inbox);
      latest.current.restore(target);
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);
}
