import { useEffect, useMemo, useRef, useState } from "react";
import { debounce } from "../lib/debounce";

/** Public-site spec, section 9: the resources filter form submits after 1500 ms of quiet. */
export const autoSubmitQuietMs = 1500;

/**
 * Sends `form` once changes have stopped for 1500 ms; each change restarts
 * the wait. `pending` is true from a change until the page is left, and is
 * reset when the browser shows this page again from its back-forward cache.
 * A wait still running when the widget unmounts is dropped; submitNow sends
 * a waiting change without the wait.
 */
export function useAutoSubmit(
  form: HTMLFormElement,
  beforeSubmit: () => void,
): { pending: boolean; schedule: () => void; submitNow: () => void } {
  const [pending, setPending] = useState(false);
  const beforeSubmitRef = useRef(beforeSubmit);
  beforeSubmitRef.current = beforeSubmit;

  const submitWhenQuiet = useMemo(
    () =>
      debounce(() => {
        beforeSubmitRef.current();
        form.requestSubmit();
      }, autoSubmitQuietMs),
    [form],
  );

  useEffect(() => () => submitWhenQuiet.cancel(), [submitWhenQuiet]);

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(false);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  const schedule = useMemo(
    () => () => {
      setPending(true);
      submitWhenQuiet();
    },
    [submitWhenQuiet],
  );
  // Sends a waiting change at once (the caller has noted what the next page should restore).
  const submitNow = useMemo(
    () => () => {
      submitWhenQuiet.cancel();
      form.requestSubmit();
    },
    [form, submitWhenQuiet],
  );
  return { pending, schedule, submitNow };
}
