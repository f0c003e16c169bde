import { defineWidget } from "../runtime/definition";
import type { ConfirmActionProps } from "./parse";

/** A destructive form that asks first, in a modal dialog: `data-widget="confirm-action"` around the form (templates/macros/confirm-action.njk). */
export const confirmActionWidget = defineWidget<ConfirmActionProps>({
  name: "confirm-action",
  // At load: the form must ask from its first submit. Until then it posts as it does without JavaScript.
  hydrate: "load",
  load: () => import("./widget"),
});
