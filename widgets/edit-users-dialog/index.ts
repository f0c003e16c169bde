import { defineWidget } from "../runtime/definition";
import { parseEditUsersDialog, type EditUsersDialogProps } from "./parse";

/** The School tab's invite form in a modal dialog, opened by "Edit users": `data-widget="edit-users-dialog"`. */
export const editUsersDialogWidget = defineWidget<EditUsersDialogProps>({
  name: "edit-users-dialog",
  hydrate: "load",
  parse: parseEditUsersDialog,
  load: () => import("./EditUsersDialog"),
});
