import { childNodesOf } from "../lib/dom";
import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError } from "../lib/options";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type ConfirmActionStrings = {
  cancel: string;
  close: string;
};

export const CONFIRM_ACTION_STRINGS: ConfirmActionStrings = {
  cancel: "Cancel",
  close: "Close",
};

export interface ConfirmActionProps {
  /** The server's form and whatever surrounds it inside the root, adopted as they are (never re-created). */
  nodes: Node[];
  /** The form that asks before it posts. */
  form: HTMLFormElement;
  /** The dialog's title, e.g. "Remove blotting.sch.uk from Blotting Paper High?". */
  question: string;
  /** An optional line under the question: what happens, and what does not. */
  detail: string;
  /** The button that goes ahead, e.g. "Remove domain". */
  confirmLabel: string;
  strings: ConfirmActionStrings;
}

const confirmActionOptions = {
  question: { type: "string", default: "" },
  detail: { type: "string", default: "" },
  confirmLabel: { type: "string", default: "Confirm" },
} as const;

/**
 * Reads `data-widget="confirm-action"` (templates/macros/confirm-action.njk):
 * the form inside it, data-question, data-detail, data-confirm-label and
 * data-i18n-cancel / data-i18n-close.
 */
export function parseConfirmAction(root: HTMLElement): ConfirmActionProps {
  const form = root.querySelector<HTMLFormElement>("form");
  if (!form) throw new WidgetConfigError("confirm-action needs the <form> it guards inside it (use the confirmAction macro)");
  const options = readOptions(root, confirmActionOptions);
  const question = options.question.trim();
  if (question === "") throw new WidgetConfigError('confirm-action needs data-question, e.g. "Remove blotting.sch.uk from Blotting Paper High?"');
  return {
    nodes: childNodesOf(root),
    form,
    question,
    detail: options.detail.trim(),
    confirmLabel: options.confirmLabel.trim() || "Confirm",
    strings: readI18n(root, CONFIRM_ACTION_STRINGS),
  };
}
