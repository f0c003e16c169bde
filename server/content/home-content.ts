import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { loadUpcomingEventCards, type EventCard } from "./event-cards";
import { loadNewestResourceCards, type ResourceCard } from "./resource-cards";

export type { EventCard } from "./event-cards";
export type { ResourceCard } from "./resource-cards";

export interface HomeContent {
  upcomingEvents: EventCard[];
  featuredResources: ResourceCard[];
}

const CARDS_PER_BAND = 6;

/** The home page's bands: the next events on stage and the newest resources for teachers. */
export async function loadHomeContent(db: Kysely<Database>, now: Date = new Date()): Promise<HomeContent> {
  const [upcomingEvents, featuredResources] = await Promise.all([
    loadUpcomingEventCards(db, now, CARDS_PER_BAND),
    loadNewestResourceCards(db, now, CARDS_PER_BAND),
  ]);
  return { upcomingEvents, featuredResources };
}
