import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { resourceUrl } from "./content-urls";
import { resourceTypeLabel } from "./resource-taxonomy";

/** A resource as a card: what templates/macros/resource-card.njk shows. */
export interface ResourceCard {
  /** The spec's resource_id. */
  id: number;
  /** The spec's resource_type (activity, lesson-plan, ...). */
  resourceType: string;
  title: string;
  slug: string;
  /** The resource's page, /resources/<slug>/. */
  url: string;
  summary: string;
  imageUrl: string;
  imageAlt: string;
  resourceTypeLabel: string;
  /** Labels, in the key stages' own order, e.g. ["Key Stage 3", "Key Stage 4"]. */
  keyStages: string[];
  durationMinutes: number;
}

interface ResourceCardRow {
  id: number;
  title: string;
  slug: string;
  summary: string;
  image_url: string;
  image_alt: string;
  resource_type: string;
  duration_minutes: number;
}

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
    .select(["id", "title", "slug", "summary", "image_url", "image_alt", "resource_type", "duration_minutes"])
    .where("published_at", "<=", now.toISOString())
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return toResourceCards(db, rows);
}
