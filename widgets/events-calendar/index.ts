import { defineWidget } from "../runtime/definition";
import { prepareFullCalendarStyles } from "./fullcalendar-styles";
import type { EventsCalendarProps } from "./parse";

/** The What's On week list (FullCalendar): `data-widget="events-calendar"`, `data-initial-date`. */
export const eventsCalendarWidget = defineWidget<EventsCalendarProps>({
  name: "events-calendar",
  // Until it comes into view the server's week list is there; FullCalendar is a large download.
  hydrate: "visible",
  load: () => {
    // Before FullCalendar's code runs: it adds its styles as soon as it is imported.
    prepareFullCalendarStyles();
    return import("./widget");
  },
});
