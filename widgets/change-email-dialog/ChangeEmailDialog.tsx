import { useCallback, useEffect, useId, useMemo, useRef, useState, type JSX } from "react";
import { createPortal } from "react-dom";
import { FocusTrap, type FocusTrapProps } from "focus-trap-react";
import { ACCOUNT_FORM_SUCCESS_EVENT, type AccountFormSuccessDetail } from "../lib/account-form-success-event";
import { AdoptedContent } from "../lib/AdoptedContent";
import { lockPageScroll } from "../lib/page-scroll-lock";
import type { WidgetProps } from "../runtime/definition";
import type { ChangeEmailDialogProps } from "./parse";

const firstField = "input:not([type=hidden]), select, textarea";

/**
 * The person's email and a button that opens the change-email form in a
 * WAI-ARIA APG modal dialog. The dialog lives at the end of <body> and stays
 * mounted while hidden, so the form (its own account-form widget) is moved in
 * once and keeps its state. When the change succeeds the dialog closes and
 * the notice shows beside the button, where focus returns.
 */
export default function ChangeEmailDialog({
  currentContent,
  dialogContent,
  titleId,
  open: startOpen,
  strings,
}: WidgetProps<ChangeEmailDialogProps>): JSX.Element {
  const panelId = `change-email-dialog-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const [open, setOpen] = useState(startOpen);
  const [notice, setNotice] = useState<string | null>(null);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => (open ? lockPageScroll() : undefined), [open]);

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

  const focusTrapOptions = useMemo<NonNullable<FocusTrapProps["focusTrapOptions"]>>(
    () => ({
      // A form dialog starts at its first field (APG); the close button if it has none.
      initialFocus: () => panelRef.current?.querySelector<HTMLElement>(firstField) ?? closeButtonRef.current ?? false,
      escapeDeactivates: true,
      clickOutsideDeactivates: true,
      onDeactivate: close,
      returnFocusOnDeactivate: true,
      setReturnFocus: () => openButtonRef.current ?? false,
      preventScroll: true,
    }),
    [close],
  );

  function openDialog(): void {
    setNotice(null);
    setOpen(true);
  }

  return (
    <>
      <AdoptedContent as="div" className="change-email__summary" nodes={currentContent} />
      <div className="change-email__status" role="status">
        {notice && (
          <div className="alert alert--success account-form__notice">
            <p className="alert__text">{notice}</p>
          </div>
        )}
      </div>
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
      {createPortal(
        <div className="change-email-dialog" hidden={!open}>
          <div className="change-email-dialog__backdrop" />
          <FocusTrap active={open} focusTrapOptions={focusTrapOptions}>
            <div ref={panelRef} id={panelId} className="change-email-dialog__panel" role="dialog" aria-modal="true" aria-labelledby={titleId}>
              <button ref={closeButtonRef} type="button" className="change-email-dialog__close" onClick={close}>
                <span className="change-email-dialog__close-icon" aria-hidden="true" />
                {strings.closeLabel}
              </button>
              <AdoptedContent as="div" className="change-email__content" nodes={dialogContent} />
            </div>
          </FocusTrap>
        </div>,
        document.body,
      )}
    </>
  );
}
