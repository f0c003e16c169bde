import { defineWidget } from "../runtime/definition";
import type { StaffSchoolFinderProps } from "./parse";

/** The back office's school finder with suggestions: `data-widget="staff-school-finder"` around its form (templates/macros/staff-school-finder.njk). */
export const staffSchoolFinderWidget = defineWidget<StaffSchoolFinderProps>({
  name: "staff-school-finder",
  // The plain form works from the first paint; the suggestions' code comes when staff reach for the box.
  hydrate: "interaction",
  load: () => import("./widget"),
});
