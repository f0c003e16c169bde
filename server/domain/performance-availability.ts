/*
 * How many seats a performance has left, as the content says it
 * (fixtures/content/events.yaml, docs/content.md "Booking and availability"):
 * the events pages show it, and the event's structured data tells search engines.
 * A performance the content says nothing about is "available".
 */

export const PERFORMANCE_AVAILABILITIES = ["available", "limited", "sold-out"] as const;
export type PerformanceAvailability = (typeof PERFORMANCE_AVAILABILITIES)[number];

/** What a visitor reads beside the date; nothing for plain "available". */
const AVAILABILITY_LABELS: Record<PerformanceAvailability, string | null> = {
  available: null,
  limited: "Few seats left",
  "sold-out": "Sold out",
};

/** A stored value read back: anything unknown (or null) is "available". */
export function performanceAvailabilityOf(stored: string | null | undefined): PerformanceAvailability {
  return (PERFORMANCE_AVAILABILITIES as readonly string[]).includes(stored ?? "") ? (stored as PerformanceAvailability) : "available";
}

export function availabilityLabelOf(availability: PerformanceAvailability): string | null {
  return AVAILABILITY_LABELS[availability];
}

/** The label a past performance carries on What's On and its event page. */
export const PAST_PERFORMANCE_LABEL = "Past";

/** A performance is past once it has ended: the same rule as the event page's dates and FullCalendar's isPast. */
export function isPastPerformance(endsAt: string, now: Date): boolean {
  return Date.parse(endsAt) <= now.getTime();
}
