import { useCallback, useEffect, useRef, useState, type JSX } from "react";
import { ACCOUNT_FORM_SUCCESS_EVENT, type AccountFormSuccessDetail } from "../lib/account-form-success-event";
import { AdoptedContent } from "../lib/AdoptedContent";
import { ModalDialog } from "../lib/ModalDialog";
import { SuccessStatus } from "../lib/SuccessStatus";
import { useElementId } from "../lib/useElementId";
import type { WidgetProps } from "../runtime/definition";
import type { EditUsersDialogProps } from "./parse";

/**
 * "Edit users" opens the invite form in a modal dialog
 * (widgets/lib/ModalDialog.tsx), which stays mounted while hidden so the
 * form (its own account-form widget) keeps its state. When an invite is
 * sent the dialog closes and the notice shows beside the button, where
 * focus returns.
 */
export default function EditUsersDialog({ dialogContent, titleId, open: startOpen, strings }: WidgetProps<EditUsersDialogProps>): JSX.Element {
  const panelId = useElementId("edit-users-dialog");
  const [open, setOpen] = useState(startOpen);
  const [notice, setNotice] = useState<string | null>(null);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);

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
      <SuccessStatus className="edit-users__status" notice={notice} />
      <button
        ref={openButtonRef}
        type="button"
        className="button button--secondary edit-users__open"
        aria-haspopup="dialog"
        aria-controls={panelId}
        onClick={openDialog}
      >
        {strings.openLabel}
      </button>
      <ModalDialog
        block="edit-users-dialog"
        open={open}
        onClose={close}
        labelledBy={titleId}
        panelId={panelId}
        closeLabel={strings.closeLabel}
        initialFocus="first-field"
        returnFocusTo={openButtonRef}
        panelRef={panelRef}
      >
        <AdoptedContent as="div" className="edit-users__content" nodes={dialogContent} />
      </ModalDialog>
    </>
  );
}
