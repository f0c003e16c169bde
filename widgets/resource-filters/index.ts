import { defineWidget } from "../runtime/definition";
import type { ResourceFiltersProps } from "./parse";

/** The resources listing's filter form: `data-widget="resource-filters"` on the GET form itself. */
export const resourceFiltersWidget = defineWidget<ResourceFiltersProps>({
  name: "resource-filters",
  // At once: the Apply button goes away when the widget mounts, so the sooner the better.
  hydrate: "load",
  load: () => import("./widget"),
});
