import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { loadThisWeekEvents, type ThisWeekEvent, loadUpcomingEventCards, type EventCard } from "../events";
import { loadNewestResourceCards, type ResourceCard } from "../resources";

export type { EventCard, ThisWeekEvent } from "../events";
export type { ResourceCard } from "../resources";

export interface HomeContent {
  upcomingEvents: EventCard[];
  featuredResources: ResourceCard[];
  /** The compact "this week" carousel: each event on in the next seven days, once. */
  thisWeek: ThisWeekEvent[];
}

const CARDS_PER_BAND = 6;
const THIS_WEEK_SLIDES = 10;

/** The home page's bands: the next events on stage, this week's events and the newest resources for teachers. */
export async function loadHomeContent(db: Kysely<Database>, now: Date = new Date()): Promise<HomeContent> {
  const [upcomingEvents, featuredResources, thisWeek] = await Promise.all([
    loadUpcomingEventCards(db, now, CARDS_PER_BAND),
    loadNewestResourceCards(db, now, CARDS_PER_BAND),
    loadThisWeekEvents(db, now, THIS_WEEK_SLIDES),
  ]);
  return { upcomingEvents, featuredResources, thisWeek };
}
