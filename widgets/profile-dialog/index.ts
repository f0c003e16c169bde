import { defineWidget } from "../runtime/definition";
import type { ProfileDialogProps } from "./parse";

/** A profile cover link that opens the person's bio in a modal dialog: `data-widget="profile-dialog"`. */
export const profileDialogWidget = defineWidget<ProfileDialogProps>({
  name: "profile-dialog",
  hydrate: "idle",
  load: () => import("./widget"),
});
