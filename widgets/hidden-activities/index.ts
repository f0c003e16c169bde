import { defineWidget } from "../runtime/definition";
import type { DisclosureProps } from "../lib/disclosure-props";
import { parseHiddenActivities } from "./parse";

/**
 * A block of activities hidden behind a "Show all activities" button:
 * `data-widget="hidden-activities"`. A configuration of the disclosure: its
 * own markup, parsed into the disclosure's props, and the same component.
 */
export const hiddenActivitiesWidget = defineWidget<DisclosureProps>({
  name: "hidden-activities",
  hydrate: "load",
  parse: parseHiddenActivities,
  load: () => import("../lib/Disclosure"),
});
