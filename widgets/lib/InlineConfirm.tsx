import { useLayoutEffect, useRef, type JSX, type KeyboardEvent } from "react";
import { useElementId } from "./useElementId";

export interface InlineConfirmProps {
  /** The question, e.g. "Delete this note? This cannot be undone." It labels the group. */
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Hidden text after the confirm button's label, to tell several apart (e.g. " on “Freeze-frames”"). */
  confirmNamedFor?: string;
  onConfirm(): void;
  /** Cancel, or Escape: the caller puts focus back on the control that asked. */
  onCancel(): void;
  /** Block class for the markup: `<block>__confirm`, `__confirm-text`, `__confirm-actions`. */
  block: string;
}

/**
 * A destructive action's confirmation shown in place of its button (deleting
 * a note, revoking a link): a labelled group with the question and two
 * buttons. Focus starts on the safe choice (as the APG alert dialog advises),
 * so an Enter pressed twice never destroys anything.
 */
export function InlineConfirm({ question, confirmLabel, cancelLabel, confirmNamedFor, onConfirm, onCancel, block }: InlineConfirmProps): JSX.Element {
  const questionId = useElementId(`${block}-confirm`);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => cancelRef.current?.focus(), []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    onCancel();
  }

  return (
    <div className={`${block}__confirm`} role="group" aria-labelledby={questionId} onKeyDown={onKeyDown}>
      <p className={`${block}__confirm-text`} id={questionId}>
        {question}
      </p>
      <div className={`${block}__confirm-actions`}>
        <button type="button" className={`button ${block}__confirm-yes`} onClick={onConfirm}>
          {confirmLabel}
          {confirmNamedFor && <span className="visually-hidden">{confirmNamedFor}</span>}
        </button>
        <button type="button" ref={cancelRef} className={`button button--secondary ${block}__confirm-no`} onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}
