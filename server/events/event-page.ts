import { eventUrl } from "../shared/content-urls";
import { EVENT_TAXONOMIES, EVENT_TAXONOMY_LABELS } from "./event-taxonomies";
import { formatLondonTime, londonDateOf, toLondonIsoString } from "../shared/london-time";
import type { EventDetails, InstanceTimes } from "./event-repository";
import type { CalendarFileEvent } from "./icalendar";
import { availabilityLabelOf, isPastPerformance, performanceAvailabilityOf } from "../domain/performance-availability";

/** The address of one instance's calendar file. */
export function instanceCalendarFileUrl(eventSlug: string, instanceId: number): string {
  return `${eventUrl(eventSlug)}${instanceId}.ics`;
}

/** One row of the event page's dates list. */
export interface EventDate {
  id: number;
  /** "Tuesday 24 November 2026". */
  dateLabel: string;
  startLabel: string;
  endLabel: string;
  startIso: string;
  endIso: string;
  calendarFileUrl: string;
  /** Ended before the page was asked for (this week's earlier performances): marked past, with no Book link. */
  past: boolean;
  soldOut: boolean;
  /** "Few seats left", "Sold out"; null when the content says nothing (or the date is past). */
  availabilityLabel: string | null;
  /** Where Book goes: the performance's own booking page, else the event's; null when neither is given, or it cannot be booked. */
  bookingUrl: string | null;
}

export interface EventFact {
  label: string;
  value: string;
}

// The dates are London calendar dates; formatting them as UTC midnights keeps them as they are.
const dateLabelFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" });

/** "Tuesday 24 November 2026" (Intl puts a comma after the weekday; the house style has none). */
function dateLabelOf(instant: string): string {
  const parts: Record<string, string> = {};
  for (const part of dateLabelFormat.formatToParts(new Date(`${londonDateOf(new Date(instant))}T00:00:00Z`))) parts[part.type] = part.value;
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/** The page's dates, each marked past or not against `now`: the one clock reading of the request. */
export function eventDatesOf(event: Pick<EventDetails, "slug" | "booking_url">, instances: readonly InstanceTimes[], now: Date): EventDate[] {
  return instances.map((instance) => {
    const past = isPastPerformance(instance.ends_at, now);
    const availability = performanceAvailabilityOf(instance.availability);
    const soldOut = !past && availability === "sold-out";
    return {
      id: instance.id,
      dateLabel: dateLabelOf(instance.starts_at),
      startLabel: formatLondonTime(instance.starts_at),
      endLabel: formatLondonTime(instance.ends_at),
      startIso: toLondonIsoString(instance.starts_at),
      endIso: toLondonIsoString(instance.ends_at),
      calendarFileUrl: instanceCalendarFileUrl(event.slug, instance.id),
      past,
      soldOut,
      availabilityLabel: past ? null : availabilityLabelOf(availability),
      bookingUrl: past || soldOut ? null : (instance.booking_url ?? event.booking_url),
    };
  });
}

/** The performances still to come at `now` (search engines are told only of these). */
export function upcomingInstancesOf(instances: readonly InstanceTimes[], now: Date): InstanceTimes[] {
  return instances.filter((instance) => !isPastPerformance(instance.ends_at, now));
}

/** The facts beside the description: each taxonomy's term, the price and the age guidance, when the event has them. */
export function eventFactsOf(event: EventDetails): EventFact[] {
  const facts: EventFact[] = EVENT_TAXONOMIES.flatMap((taxonomy) => {
    const term = event.terms[taxonomy];
    return term ? [{ label: EVENT_TAXONOMY_LABELS[taxonomy], value: term.label }] : [];
  });
  if (event.price_text) facts.push({ label: "Price", value: event.price_text });
  if (event.age_guidance) facts.push({ label: "Age guidance", value: event.age_guidance });
  return facts;
}

/** The "Add to calendar" file's event: the title, the summary and a link back, at the venue. */
export function calendarFileEventOf(
  event: EventDetails,
  instance: InstanceTimes,
  site: { name: string; origin: string },
): CalendarFileEvent {
  const pageUrl = new URL(eventUrl(event.slug), site.origin).href;
  const venue = event.terms.venue?.label;
  return {
    uid: `event-instance-${instance.id}@${new URL(site.origin).hostname}`,
    stamp: event.updated_at,
    start: instance.starts_at,
    end: instance.ends_at,
    summary: event.title,
    description: `${event.summary}\n\nDetails and tickets: ${pageUrl}`,
    location: venue ? `${venue}, ${site.name}` : site.name,
    url: pageUrl,
  };
}
