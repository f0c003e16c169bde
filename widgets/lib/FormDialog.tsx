import { useCallback, useEffect, useRef, useState, type JSX } from "react";
import { ACCOUNT_FORM_SUCCESS_EVENT, type AccountFormSuccessDetail } from "./account-form-success-event";
import { AdoptedContent } from "./AdoptedContent";
import { ModalDialog, type ModalDialogProps } from "./ModalDialog";
import { SuccessStatus } from "./SuccessStatus";
import { useElementId } from "./useElementId";

export interface FormDialogProps {
  /** The dialog's BEM block (`edit-users-dialog`), also the panel id's prefix. */
  block: ModalDialogProps["block"];
  /** The class prefix of the parts beside it (`edit-users` gives `edit-users__open`, `__status`, `__content`). */
  prefix: string;
  /** The server-rendered heading and form, moved (never copied) into the dialog. */
  dialogContent: Node[];
  /** The dialog's name: its heading's id. */
  titleId: string;
  /** Start open (the form came back from the server with errors). */
  startOpen: boolean;
  openLabel: string;
  closeLabel: string;
}

/**
 * A button that opens a server-rendered form in a modal dialog
 * (./ModalDialog.tsx), which stays mounted while hidden so the form (its own
 * account-form widget) is moved in once and keeps its state. When the form
 * says it succeeded the dialog closes and the notice shows beside the
 * button, where focus returns.
 */
export function FormDialog({ block, prefix, dialogContent, titleId, startOpen, openLabel, closeLabel }: FormDialogProps): JSX.Element {
  const panelId = useElementId(block);
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
      <SuccessStatus className={`${prefix}__status`} notice={notice} />
      <button
        ref={openButtonRef}
        type="button"
        className={`button button--secondary ${prefix}__open`}
        aria-haspopup="dialog"
        aria-controls={panelId}
        onClick={openDialog}
      >
        {openLabel}
      </button>
      <ModalDialog
        block={block}
        open={open}
        onClose={close}
        labelledBy={titleId}
        panelId={panelId}
        closeLabel={closeLabel}
        initialFocus="first-field"
        returnFocusTo={openButtonRef}
        panelRef={panelRef}
      >
        <AdoptedContent as="div" className={`${prefix}__content`} nodes={dialogContent} />
      </ModalDialog>
    </>
  );
}
