/** What every content card (templates/macros/*-card.njk) shows: events, resources. */
export interface ContentCard {
  title: string;
  slug: string;
  /** The item's own page. */
  url: string;
  summary: string;
  imageUrl: string;
  imageAlt: string;
}
