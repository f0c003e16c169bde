import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { resourceUrl } from "../shared/content-urls";
import { resourceTypeLabel } from "../domain/resource-taxonomy";
import type { ContentCard } from "../shared/content-card";

/** A resource as a card: what templates/macros/resource-card.njk shows. */
export interface ResourceCard extends ContentCard {
  /** The spec's resource_id. */
  id: number;
  /** The spec's resource_type (activity, lesson-plan, ...). */
  resourceType: string;
  resourceTypeLabel: string;
  /** Labels, in the key stages' own order, e.g. ["Key Stage 3", "Key Stage 4"]. */
  keyStages: string[];
  durationMinutes: number;
}

/** The resources columns a card needs; select them with `resourceCardColumns`. */
export interface ResourceCardRow {
  id: number;
  title: string;
  slug: string;
  summary: string;
  image_url: string;
  image_alt: string;
  resource_type: string;
  duration_minutes: number;
}

/** What every query that feeds toResourceCards selects from `resources`. */
export const resourceCardColumns = [
  "resources.id",
  "resources.title",
  "resources.slug",
  "resources.summary",
  "resources.image_url",
  "resources.image_alt",
  "resources.resource_type",
  "resources.duration_minutes",
] as const;

/** Turns resource rows into cards, with one query for all their key stages. */
export async function toResourceCards(db: Kysely<Database>, rows: readonly ResourceCardRow[]): Promise<ResourceCard[]> {
  const keyStages =
    rows.length === 0
      ? []
      : await db
          .selectFrom("resource_facets")
          .innerJoin("resource_facet_terms", "resource_facet_terms.id", "resource_facets.term_id")
          .select(["resource_facets.resource_id", "resource_facet_terms.label"])
          .where("resource_facet_terms.facet", "=", "key_stage")
          .where("resource_facets.resource_id", "in", rows.map((row) => row.id))
          .orderBy("resource_facet_terms.position")
          .execute();
  return rows.map((row) => ({
    id: row.id,
    resourceType: row.resource_type,
    title: row.title,
    slug: row.slug,
    url: resourceUrl(row.slug),
    summary: row.summary,
    imageUrl: row.image_url,
    imageAlt: row.image_alt,
    resourceTypeLabel: resourceTypeLabel(row.resource_type),
    keyStages: keyStages.filter((stage) => stage.resource_id === row.id).map((stage) => stage.label),
    durationMinutes: row.duration_minutes,
  }));
}

/** The most recently published resources (none dated after `now`). */
export async function loadNewestResourceCards(db: Kysely<Database>, now: Date, limit: number): Promise<ResourceCard[]> {
  const rows = await db
    .selectFrom("resources")
    .select(resourceCardColumns)
    .where("published_at", "<=", now.toISOString())
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return toResourceCards(db, rows);
}
