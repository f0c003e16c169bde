import { defineWidget } from "../runtime/definition";
import type { ChangeEmailDialogProps } from "./parse";

/** The change-email form in a modal dialog, opened by a button: `data-widget="change-email-dialog"`. */
export const changeEmailDialogWidget = defineWidget<ChangeEmailDialogProps>({
  name: "change-email-dialog",
  hydrate: "load",
  load: () => import("./widget"),
});
