import { useCallback, useEffect, useRef, useState, type JSX } from "react";
import { AdoptedContent } from "../lib/AdoptedContent";
import type { WidgetProps } from "../runtime/definition";
import { ConfirmDialog } from "./ConfirmDialog";
import type { ConfirmActionProps } from "./parse";

/** The submit button that sent the form, or the form's first one (a submit by Enter in a field names none in older browsers). */
function submitterOf(event: SubmitEvent, form: HTMLFormElement): HTMLButtonElement | HTMLInputElement | null {
  const by = event.submitter;
  if (by instanceof HTMLButtonElement || by instanceof HTMLInputElement) return by;
  return form.querySelector<HTMLButtonElement | HTMLInputElement>("button[type='submit'], button:not([type]), input[type='submit']");
}

/**
 * A destructive form that asks first. The server's form stays as it is (its
 * CSRF field, its hidden values, its button); a submit opens a WAI-ARIA APG
 * modal dialog with the question. Confirm submits the form, with the button
 * that was pressed; Cancel, Close or Escape closes it and focus goes back to
 * that button. Without JavaScript the form posts at once, as it always did.
 */
export default function ConfirmAction({ nodes, form, question, detail, confirmLabel, strings }: WidgetProps<ConfirmActionProps>): JSX.Element {
  const [open, setOpen] = useState(false);
  const submitterRef = useRef<HTMLButtonElement | HTMLInputElement | null>(null);
  // Set by Confirm for the one submit it starts, which then goes through.
  const confirmed = useRef(false);

  useEffect(() => {
    const asked = (event: SubmitEvent) => {
      if (confirmed.current) {
        confirmed.current = false;
        return;
      }
      event.preventDefault();
      submitterRef.current = submitterOf(event, form);
      setOpen(true);
    };
    form.addEventListener("submit", asked);
    return () => form.removeEventListener("submit", asked);
  }, [form]);

  const close = useCallback(() => setOpen(false), []);
  const confirm = useCallback(() => {
    confirmed.current = true;
    setOpen(false);
    const submitter = submitterRef.current;
    form.requestSubmit(submitter && submitter.form === form ? submitter : null);
  }, [form]);

  return (
    <>
      <AdoptedContent nodes={nodes} className="confirm-action__content" />
      <ConfirmDialog
        open={open}
        question={question}
        detail={detail}
        confirmLabel={confirmLabel}
        strings={strings}
        onCancel={close}
        onConfirm={confirm}
        returnFocusTo={submitterRef}
      />
    </>
  );
}
