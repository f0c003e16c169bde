import { defineWidget } from "../runtime/definition";
import type { EditUsersDialogProps } from "./parse";

/** The School tab's invite form in a modal dialog, opened by "Edit users": `data-widget="edit-users-dialog"`. */
export const editUsersDialogWidget = defineWidget<EditUsersDialogProps>({
  name: "edit-users-dialog",
  hydrate: "load",
  load: () => import("./widget"),
});
