import { useCallback, useRef, useState } from "react";

export interface OneCallAtATime<Kind extends string> {
  /** The call under way, for its button's aria-busy (and the others' aria-disabled); null when none. */
  busy: Kind | null;
  /** Runs `call` unless one is already under way, in which case it does nothing. */
  run(kind: Kind, call: () => Promise<void>): Promise<void>;
}

/**
 * A widget's buttons that call the server, one call at a time. A ref as well
 * as state: a second click in the same tick, before `busy` re-renders, must
 * not send a second call.
 */
export function useOneCallAtATime<Kind extends string>(): OneCallAtATime<Kind> {
  const running = useRef(false);
  const [busy, setBusy] = useState<Kind | null>(null);
  const run = useCallback(async (kind: Kind, call: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(kind);
    try {
      await call();
    } finally {
      running.current = false;
      setBusy(null);
    }
  }, []);
  return { busy, run };
}
