/*
 * The events capability's front door: from outside server/events/,
 * this file is the only one imported (docs/architecture.md, "Import rules").
 */

export { createEventsService, type EventsService } from "./events-service";
export { EVENT_TAXONOMIES, EVENT_TAXONOMY_COLUMNS, type EventTaxonomy } from "./event-taxonomies";
export { loadThisWeekEvents, type ThisWeekEvent } from "./this-week";
export { loadUpcomingEventCards, type EventCard } from "./event-cards";
export { calendarEntryRenderer } from "./calendar-entry-renderer";
export { calendarFileEventOf, eventDatesOf, eventFactsOf, upcomingInstancesOf } from "./event-page";
export { icalendarFileOf } from "./icalendar";
export { parseInstanceQuery } from "./instance-query";
export { parseWhatsOnQuery, thisWeekRequest } from "./whats-on-query";
export { INSTANCES_API_PATH } from "./whats-on-page";
