/**
 * The event taxonomies, named as the instances API's filter parameters.
 * Each is a list of {slug, label} terms in `event_taxonomy_terms`.
 */
export const EVENT_TAXONOMIES = ["event_type", "genre", "season", "series", "venue", "access_type"] as const;
export type EventTaxonomy = (typeof EVENT_TAXONOMIES)[number];

/** Every event has one of these; the others are optional (not every event is in a series). */
export const REQUIRED_EVENT_TAXONOMIES: readonly EventTaxonomy[] = ["event_type", "season", "venue"];

export const EVENT_TAXONOMY_LABELS: Record<EventTaxonomy, string> = {
  event_type: "Event type",
  genre: "Genre",
  season: "Season",
  series: "Series",
  venue: "Venue",
  access_type: "Access",
};

/** The events column holding each taxonomy's term id. */
export const EVENT_TAXONOMY_COLUMNS = {
  event_type: "event_type_id",
  genre: "genre_id",
  season: "season_id",
  series: "series_id",
  venue: "venue_id",
  access_type: "access_type_id",
} as const satisfies Record<EventTaxonomy, string>;
