import { defineWidget } from "../runtime/definition";
import { parseDisclosure, type DisclosureProps } from "./parse";

/** A show / hide toggle: `data-widget="disclosure"` around its label and region. */
export const disclosureWidget = defineWidget<DisclosureProps>({
  name: "disclosure",
  hydrate: "load",
  parse: parseDisclosure,
  load: () => import("./Disclosure"),
});
