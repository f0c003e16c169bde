import type { JSX } from "react";
import { FormDialog } from "../lib/FormDialog";
import type { WidgetProps } from "../runtime/definition";
import type { EditUsersDialogProps } from "./parse";

/**
 * "Edit users" opens the invite form in a modal dialog
 * (widgets/lib/FormDialog.tsx). When an invite is sent the dialog closes
 * and the notice shows beside the button, where focus returns.
 */
export default function EditUsersDialog({ dialogContent, titleId, open, strings }: WidgetProps<EditUsersDialogProps>): JSX.Element {
  return (
    <FormDialog
      block="edit-users-dialog"
      prefix="edit-users"
      dialogContent={dialogContent}
      titleId={titleId}
      startOpen={open}
      openLabel={strings.openLabel}
      closeLabel={strings.closeLabel}
    />
  );
}
