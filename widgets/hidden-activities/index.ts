import { defineWidget } from "../runtime/definition";
import { parseHiddenActivities, type HiddenActivitiesProps } from "./parse";

/** A block of activities hidden behind a "Show all activities" button: `data-widget="hidden-activities"`. */
export const hiddenActivitiesWidget = defineWidget<HiddenActivitiesProps>({
  name: "hidden-activities",
  hydrate: "load",
  parse: parseHiddenActivities,
  load: () => import("./HiddenActivities"),
});
