import { defineWidget } from "../runtime/definition";
import type { ToolsPanelProps } from "./parse";

/** A resource page's Tools (Save, Share, Print, Notes), folded on narrow screens: `data-widget="tools-panel"`. */
export const toolsPanelWidget = defineWidget<ToolsPanelProps>({
  name: "tools-panel",
  // At once: the CSS folds the panel on narrow screens until the toggle works.
  hydrate: "load",
  load: () => import("./widget"),
});
