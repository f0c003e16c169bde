import { defineWidget } from "../runtime/definition";
import type { SaveResourceProps } from "./parse";

/** A resource's Save / Saved toggle: `data-widget="save-resource"` (templates/macros/save-resource.njk). */
export const saveResourceWidget = defineWidget<SaveResourceProps>({
  name: "save-resource",
  // At once: a click before mounting would fall back to the plain form (a page load), not the call.
  hydrate: "load",
  load: () => import("./widget"),
});
