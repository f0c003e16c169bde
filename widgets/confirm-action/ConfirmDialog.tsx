import { useRef, type JSX, type RefObject } from "react";
import { ModalDialog } from "../lib/ModalDialog";
import { useElementId } from "../lib/useElementId";
import type { ConfirmActionStrings } from "./parse";

export interface ConfirmDialogProps {
  open: boolean;
  question: string;
  detail: string;
  confirmLabel: string;
  strings: ConfirmActionStrings;
  /** Cancel, Close, Escape or a click outside. Keep it stable (useCallback). */
  onCancel(): void;
  onConfirm(): void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * The question, as an APG modal dialog named by it, with Confirm and Cancel.
 * Focus starts on Cancel, the choice that changes nothing.
 */
export function ConfirmDialog({ open, question, detail, confirmLabel, strings, onCancel, onConfirm, returnFocusTo }: ConfirmDialogProps): JSX.Element {
  const panelId = useElementId("confirm-action");
  const titleId = `${panelId}-title`;
  const detailId = `${panelId}-detail`;
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      block="confirm-action-dialog"
      open={open}
      onClose={onCancel}
      labelledBy={titleId}
      describedBy={detail ? detailId : undefined}
      panelId={panelId}
      closeLabel={strings.close}
      initialFocus={cancelRef}
      returnFocusTo={returnFocusTo}
    >
      <h2 className="confirm-action-dialog__title" id={titleId}>
        {question}
      </h2>
      {detail && (
        <p className="confirm-action-dialog__detail" id={detailId}>
          {detail}
        </p>
      )}
      <div className="confirm-action-dialog__actions">
        <button type="button" className="button confirm-action-dialog__confirm" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button ref={cancelRef} type="button" className="button button--secondary confirm-action-dialog__cancel" onClick={onCancel}>
          {strings.cancel}
        </button>
      </div>
    </ModalDialog>
  );
}
