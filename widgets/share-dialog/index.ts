import { defineWidget } from "../runtime/definition";
import type { ShareDialogProps } from "./parse";

/** A resource's Share control, opening the share-link dialog: `data-widget="share-dialog"` (templates/macros/share-dialog.njk). */
export const shareDialogWidget = defineWidget<ShareDialogProps>({
  name: "share-dialog",
  // When idle: until then Share is a link to the share page, which works as well.
  hydrate: "idle",
  load: () => import("./widget"),
});
