import type { JSX } from "react";
import { AdoptedContent } from "../lib/AdoptedContent";
import { FormDialog } from "../lib/FormDialog";
import type { WidgetProps } from "../runtime/definition";
import type { ChangeEmailDialogProps } from "./parse";

/**
 * The person's email and a button that opens the change-email form in a
 * modal dialog (widgets/lib/FormDialog.tsx). When the change succeeds the
 * dialog closes and the notice shows beside the button, where focus returns.
 */
export default function ChangeEmailDialog({
  currentContent,
  dialogContent,
  titleId,
  open,
  strings,
}: WidgetProps<ChangeEmailDialogProps>): JSX.Element {
  return (
    <>
      <AdoptedContent as="div" className="change-email__summary" nodes={currentContent} />
      <FormDialog
        block="change-email-dialog"
        prefix="change-email"
        dialogContent={dialogContent}
        titleId={titleId}
        startOpen={open}
        openLabel={strings.openLabel}
        closeLabel={strings.closeLabel}
      />
    </>
  );
}
