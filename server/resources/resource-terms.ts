import type { Kysely } from "kysely";
import { RESOURCE_FACETS, type ResourceFacet } from "../domain/resource-taxonomy";
import type { Database } from "../db/schema";

/** A facet term as the filter form and the resource page show it. */
export interface ResourceTerm {
  id: number;
  slug: string;
  label: string;
}

export type ResourceTermsByFacet = Record<ResourceFacet, ResourceTerm[]>;

/** Every facet's terms in their content order: the filter form's checkboxes. One small query. */
export async function loadResourceTerms(db: Kysely<Database>): Promise<ResourceTermsByFacet> {
  const rows = await db
    .selectFrom("resource_facet_terms")
    .select(["id", "facet", "slug", "label"])
    .orderBy("facet")
    .orderBy("position")
    .orderBy("id")
    .execute();
  const terms = Object.fromEntries(RESOURCE_FACETS.map((facet) => [facet, [] as ResourceTerm[]])) as ResourceTermsByFacet;
  for (const row of rows) {
    terms[row.facet as ResourceFacet]?.push({ id: row.id, slug: row.slug, label: row.label });
  }
  return terms;
}

export function termSlugsByFacet(terms: ResourceTermsByFacet): Record<ResourceFacet, string[]> {
  return Object.fromEntries(RESOURCE_FACETS.map((facet) => [facet, terms[facet].map((term) => term.slug)])) as Record<
    ResourceFacet,
    string[]
  >;
}
