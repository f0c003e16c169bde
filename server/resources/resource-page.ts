import type { Kysely } from "kysely";
import { RESOURCE_FACET_LABELS, RESOURCE_FACETS, resourceTypeLabel, type ResourceFacet } from "../domain/resource-taxonomy";
import type { Database } from "../db/schema";
import { resourceListingUrl, emptyFacetSelection } from "../domain/resource-filters";
import { saveControlsFor, type SaveControl, type Viewer } from "./save-controls";

/** A facet of the resource with its terms, each linking to the listing filtered by it. */
export interface ResourceFacetTerms {
  facet: ResourceFacet;
  label: string;
  terms: { slug: string; label: string; listingUrl: string }[];
}

/** What templates/pages/resource.njk renders. */
export interface ResourcePage {
  resource: {
    id: number;
    resourceType: string;
    resourceTypeLabel: string;
    slug: string;
    title: string;
    summary: string;
    /** Trusted editor HTML from the content files. */
    bodyHtml: string;
    imageUrl: string;
    imageAlt: string;
    durationMinutes: number;
    publishedAt: string;
  };
  facets: ResourceFacetTerms[];
  /**
   * The ordered, titled sections as accordion items (templates/macros/accordion.njk):
   * numbered headings, html is trusted editor HTML, the first starts open.
   */
  activities: { heading: string; html: string; open: boolean }[];
  save: SaveControl;
}

/** A published resource's page, or undefined (unknown slug, or not published yet: both 404). */
export async function loadResourcePage(
  db: Kysely<Database>,
  slug: string,
  viewer: Viewer,
  now: Date = new Date(),
): Promise<ResourcePage | undefined> {
  const row = await db
    .selectFrom("resources")
    .selectAll()
    .where("slug", "=", slug)
    .where("published_at", "<=", now.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;

  const [termRows, activityRows, [save]] = await Promise.all([
    db
      .selectFrom("resource_facets")
      .innerJoin("resource_facet_terms as term", "term.id", "resource_facets.term_id")
      .select(["term.facet", "term.slug", "term.label"])
      .where("resource_facets.resource_id", "=", row.id)
      .orderBy("term.position")
      .orderBy("term.id")
      .execute(),
    db
      .selectFrom("resource_activities")
      .select(["title", "body_html"])
      .where("resource_id", "=", row.id)
      .orderBy("position")
      .execute(),
    saveControlsFor(db, [{ id: row.id, resourceType: row.resource_type, title: row.title }], viewer),
  ]);

  const facets = RESOURCE_FACETS.map((facet) => ({
    facet,
    label: RESOURCE_FACET_LABELS[facet],
    terms: termRows
      .filter((term) => term.facet === facet)
      .map((term) => ({
        slug: term.slug,
        label: term.label,
        listingUrl: resourceListingUrl({
          terms: { ...emptyFacetSelection(), [facet]: [term.slug] },
          duration: "any",
          sort: "newest",
          page: 1,
        }),
      })),
  })).filter((facet) => facet.terms.length > 0);

  return {
    resource: {
      id: row.id,
      resourceType: row.resource_type,
      resourceTypeLabel: resourceTypeLabel(row.resource_type),
      slug: row.slug,
      title: row.title,
      summary: row.summary,
      bodyHtml: row.body_html,
      imageUrl: row.image_url,
      imageAlt: row.image_alt,
      durationMinutes: row.duration_minutes,
      publishedAt: row.published_at,
    },
    facets,
    activities: activityRows.map((activity, index) => ({
      heading: `${index + 1}. ${activity.title}`,
      html: activity.body_html,
      open: index === 0,
    })),
    save: save!,
  };
}
