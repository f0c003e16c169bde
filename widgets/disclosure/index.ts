import { defineWidget } from "../runtime/definition";
import type { DisclosureProps } from "../lib/disclosure-props";
import { parseDisclosure } from "./parse";

/** A show / hide toggle: `data-widget="disclosure"` around its label and region. */
export const disclosureWidget = defineWidget<DisclosureProps>({
  name: "disclosure",
  hydrate: "load",
  parse: parseDisclosure,
  // One component, so one chunk, serves this and hidden-activities.
  load: () => import("../lib/Disclosure"),
});
