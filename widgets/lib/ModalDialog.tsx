import { useEffect, useMemo, useRef, type JSX, type ReactNode, type RefObject } from "react";
import { createPortal } from "react-dom";
import { FocusTrap, type FocusTrapProps } from "focus-trap-react";
import { lockPageScroll } from "./page-scroll-lock";

const firstField = "input:not([type=hidden]), select, textarea";

export interface ModalDialogProps {
  /** The BEM block of the dialog's classes: `<block>`, `__backdrop`, `__panel`, `__close`, `__close-icon`. */
  block: "profile-dialog" | "change-email-dialog" | "edit-users-dialog" | "share-dialog" | "confirm-action-dialog";
  open: boolean;
  /** Called on Escape, a click on the backdrop or the close button. Keep it stable (useCallback). */
  onClose: () => void;
  /** The id of the element that names the dialog. */
  labelledBy: string;
  /** The id of the element that describes it, if any. */
  describedBy?: string;
  /** The panel's id, for an opener's aria-controls. */
  panelId?: string;
  closeLabel: string;
  /**
   * Where focus starts (APG): a form dialog at its first field, anything else at the close button,
   * or a given element (a confirmation at its least destructive choice).
   */
  initialFocus: "first-field" | "close-button" | RefObject<HTMLElement | null>;
  /** The control that opened the dialog: focus goes back to it on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
  /** For a widget that listens to what happens inside the panel. */
  panelRef?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}

/**
 * A WAI-ARIA APG modal dialog, the frame shared by the profile,
 * change-email, edit-users, share and confirm-action dialogs (static/css/components/dialog.css). It lives at the
 * end of <body>, so no transformed ancestor (a carousel slide, say) can trap
 * its fixed position, and stays mounted while hidden, so content moved in
 * once keeps its state. While shown the page behind is pinned and focus is
 * trapped; Escape and a click outside close it.
 */
export function ModalDialog({
  block,
  open,
  onClose,
  labelledBy,
  describedBy,
  panelId,
  closeLabel,
  initialFocus,
  returnFocusTo,
  panelRef,
  children,
}: ModalDialogProps): JSX.Element {
  const ownPanelRef = useRef<HTMLDivElement>(null);
  const panel = panelRef ?? ownPanelRef;
  const closeButtonRef = useRef<HTMLButtonElement>(null);

  // Shown: the page's scroll position is stored and the modal-open state applied; hidden: both undone.
  useEffect(() => (open ? lockPageScroll() : undefined), [open]);

  const focusTrapOptions = useMemo<NonNullable<FocusTrapProps["focusTrapOptions"]>>(
    () => ({
      initialFocus: () =>
        (typeof initialFocus === "object" ? initialFocus.current : null) ??
        (initialFocus === "first-field" ? panel.current?.querySelector<HTMLElement>(firstField) : null) ??
        closeButtonRef.current ??
        false,
      // The trap handles Escape and clicks on the backdrop; onDeactivate keeps the widget's state in step.
      escapeDeactivates: true,
      clickOutsideDeactivates: true,
      onDeactivate: onClose,
      returnFocusOnDeactivate: true,
      setReturnFocus: () => returnFocusTo.current ?? false,
      // The page is pinned while the dialog shows: focusing must not scroll it.
      preventScroll: true,
    }),
    [initialFocus, panel, onClose, returnFocusTo],
  );

  return createPortal(
    <div className={block} hidden={!open}>
      <div className={`${block}__backdrop`} />
      <FocusTrap active={open} focusTrapOptions={focusTrapOptions}>
        <div ref={panel} id={panelId} className={`${block}__panel`} role="dialog" aria-modal="true" aria-labelledby={labelledBy} aria-describedby={describedBy}>
          <button ref={closeButtonRef} type="button" className={`${block}__close`} onClick={onClose}>
            <span className={`${block}__close-icon`} aria-hidden="true" />
            {closeLabel}
          </button>
          {children}
        </div>
      </FocusTrap>
    </div>,
    document.body,
  );
}
