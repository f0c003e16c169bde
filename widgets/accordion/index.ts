import { defineWidget } from "../runtime/definition";
import type { AccordionProps } from "./parse";

/** Collapsible sections: `data-widget="accordion"`, optional `data-single-open`. */
export const accordionWidget = defineWidget<AccordionProps>({
  name: "accordion",
  hydrate: "load",
  load: () => import("./widget"),
});
