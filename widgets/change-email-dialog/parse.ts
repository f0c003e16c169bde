import { childNodesOf } from "../lib/dom";
import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError } from "../lib/options";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type ChangeEmailDialogStrings = {
  /** The button that opens the dialog. */
  openLabel: string;
  /** The dialog's close button. */
  closeLabel: string;
};

export const changeEmailDialogDefaultStrings: ChangeEmailDialogStrings = {
  openLabel: "Change email address",
  closeLabel: "Close",
};

export interface ChangeEmailDialogProps {
  /** The "Your email address is …" line, moved into the widget. */
  currentContent: Node[];
  /** The heading and form, moved (never copied) into the dialog. */
  dialogContent: Node[];
  /** The dialog's name: its heading's id. */
  titleId: string;
  /** Start open: the form came back from the server with errors. */
  open: boolean;
  strings: ChangeEmailDialogStrings;
}

const dialogOptions = { open: { type: "boolean", default: false } } as const;

/**
 * Reads `data-widget="change-email-dialog"` (templates/macros/change-email-dialog.njk):
 * a `.change-email__current` line and the `.change-email__content` the
 * dialog shows, whose `.change-email__title` heading (with an id) names it.
 */
export function parseChangeEmailDialog(root: HTMLElement): ChangeEmailDialogProps {
  const current = root.querySelector<HTMLElement>(":scope > .change-email__current");
  const content = root.querySelector<HTMLElement>(":scope > .change-email__content");
  const titleId = content?.querySelector(".change-email__title")?.id;
  if (!current || !content || !titleId) {
    throw new WidgetConfigError(
      'change-email-dialog needs a direct child <p class="change-email__current"> and a <div class="change-email__content"> holding a heading with class="change-email__title" and an id',
    );
  }
  return {
    currentContent: [current],
    dialogContent: childNodesOf(content),
    titleId,
    open: readOptions(root, dialogOptions).open,
    strings: readI18n(root, changeEmailDialogDefaultStrings),
  };
}
