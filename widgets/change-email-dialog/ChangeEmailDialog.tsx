import { useCallback, useEffect, useRef, useState, type JSX } from "react";
import { ACCOUNT_FORM_SUCCESS_EVENT, type AccountFormSuccessDetail } from "../lib/account-form-success-event";
import { AdoptedContent } from "../lib/AdoptedContent";
import { ModalDialog } from "../lib/ModalDialog";
import { SuccessStatus } from "../lib/SuccessStatus";
import type { WidgetProps } from "../runtime/definition";
import type { ChangeEmailDialogProps } from "./parse";
import { useElementId } from "../lib/useElementId";

/**
 * The person's email and a button that opens the change-email form in a
 * modal dialog (widgets/lib/ModalDialog.tsx), which stays mounted while
 * hidden, so the form (its own account-form widget) is moved in once and
 * keeps its state. When the change succeeds the dialog closes and
 * the notice shows beside the button, where focus returns.
 */
export default function ChangeEmailDialog({
  currentContent,
  dialogContent,
  titleId,
  open: startOpen,
  strings,
}: WidgetProps<ChangeEmailDialogProps>): JSX.Element {
  const panelId = useElementId("change-email-dialog");
  const [open, setOpen] = useState(startOpen);
  const [notice, setNotice] = useState<string | null>(null);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);

  // The form inside says it succeeded: take its notice over, and close.
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return undefined;
    const onSuccess = (event: Event) => {
      event.preventDefault();
      setNotice((event as CustomEvent<AccountFormSuccessDetail>).detail.message);
      setOpen(false);
    };
    panel.addEventListener(ACCOUNT_FORM_SUCCESS_EVENT, onSuccess);
    return () => panel.removeEventListener(ACCOUNT_FORM_SUCCESS_EVENT, onSuccess);
  }, []);

  function openDialog(): void {
    setNotice(null);
    setOpen(true);
  }

  return (
    <>
      <AdoptedContent as="div" className="change-email__summary" nodes={currentContent} />
      <SuccessStatus className="change-email__status" notice={notice} />
      <button
        ref={openButtonRef}
        type="button"
        className="button button--secondary change-email__open"
        aria-haspopup="dialog"
        aria-controls={panelId}
        onClick={openDialog}
      >
        {strings.openLabel}
      </button>
      <ModalDialog
        block="change-email-dialog"
        open={open}
        onClose={close}
        labelledBy={titleId}
        panelId={panelId}
        closeLabel={strings.closeLabel}
        initialFocus="first-field"
        returnFocusTo={openButtonRef}
        panelRef={panelRef}
      >
        <AdoptedContent as="div" className="change-email__content" nodes={dialogContent} />
      </ModalDialog>
    </>
  );
}
