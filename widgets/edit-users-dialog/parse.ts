import { childNodesOf } from "../lib/dom";
import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError } from "../lib/options";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type EditUsersDialogStrings = {
  /** The button that opens the dialog. */
  openLabel: string;
  /** The dialog's close button. */
  closeLabel: string;
};

export const editUsersDialogDefaultStrings: EditUsersDialogStrings = {
  openLabel: "Edit users",
  closeLabel: "Close",
};

export interface EditUsersDialogProps {
  /** The heading and invite form, moved (never copied) into the dialog. */
  dialogContent: Node[];
  /** The dialog's name: its heading's id. */
  titleId: string;
  open: boolean;
  strings: EditUsersDialogStrings;
}

const dialogOptions = { open: { type: "boolean", default: false } } as const;

/**
 * Reads `data-widget="edit-users-dialog"` (templates/macros/edit-users-dialog.njk):
 * a `.edit-users__content` whose `.edit-users__title` heading (with an id) names the dialog.
 */
export function parseEditUsersDialog(root: HTMLElement): EditUsersDialogProps {
  const content = root.querySelector<HTMLElement>(":scope > .edit-users__content");
  const titleId = content?.querySelector(".edit-users__title")?.id;
  if (!content || !titleId) {
    throw new WidgetConfigError('edit-users-dialog needs a direct child <div class="edit-users__content"> holding a heading with class="edit-users__title" and an id');
  }
  return {
    dialogContent: childNodesOf(content),
    titleId,
    open: readOptions(root, dialogOptions).open,
    strings: readI18n(root, editUsersDialogDefaultStrings),
  };
}
