import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/*
 * What other capabilities read of a resource (share links, teacher notes),
 * through resources' front door (index.ts) rather than its tables.
 */

/** A resource as a link or a note names it. */
export interface ResourceSummary {
  id: number;
  slug: string;
  title: string;
  resourceType: string;
}

/** A resource to be shown read-only (a student link), with its activities in order. */
export interface ResourceForReading {
  title: string;
  summary: string;
  resourceType: string;
  bodyHtml: string;
  imageUrl: string;
  imageAlt: string;
  activities: { id: number; title: string; bodyHtml: string }[];
}

/** An activity, with the resource it belongs to. */
export interface ActivitySummary {
  id: number;
  title: string;
  resource: { slug: string; title: string };
}

const summaryColumns = ["id", "slug", "title", "resource_type"] as const;
const toSummary = (row: { id: number; slug: string; title: string; resource_type: string }): ResourceSummary => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  resourceType: row.resource_type,
});

/** The resource published by `now` with that id (and type, when given), or with that slug; otherwise undefined. */
export async function publishedResource(
  db: Kysely<Database>,
  which: { id: number; resourceType?: string } | { slug: string },
  now: Date,
): Promise<ResourceSummary | undefined> {
  let query = db.selectFrom("resources").select(summaryColumns).where("published_at", "<=", now.toISOString());
  if ("slug" in which) query = query.where("slug", "=", which.slug);
  else {
    query = query.where("id", "=", which.id);
    if (which.resourceType !== undefined) query = query.where("resource_type", "=", which.resourceType);
  }
  const row = await query.executeTakeFirst();
  return row && toSummary(row);
}

/** Resources by id, published or not (a person's own records name what they were about). */
export async function resourcesById(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, ResourceSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("resources").select(summaryColumns).where("id", "in", [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, toSummary(row)]));
}

/** The resource and its activities, published or not: the caller has decided it may be shown. */
export async function resourceForReading(db: Kysely<Database>, id: number): Promise<ResourceForReading | undefined> {
  const row = await db
    .selectFrom("resources")
    .select(["title", "summary", "resource_type", "body_html", "image_url", "image_alt"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const activities = await db.selectFrom("resource_activities").select(["id", "title", "body_html"]).where("resource_id", "=", id).orderBy("position").execute();
  return {
    title: row.title,
    summary: row.summary,
    resourceType: row.resource_type,
    bodyHtml: row.body_html,
    imageUrl: row.image_url,
    imageAlt: row.image_alt,
    activities: activities.map((activity) => ({ id: activity.id, title: activity.title, bodyHtml: activity.body_html })),
  };
}

/** The activity, when its resource is published by `now`; otherwise undefined. */
export async function publishedActivity(db: Kysely<Database>, activityId: number, now: Date): Promise<ActivitySummary | undefined> {
  const [activity] = (await activitiesQuery(db, [activityId]).where("resources.published_at", "<=", now.toISOString()).execute()).map(toActivity);
  return activity;
}

/** Activities by id, published or not. */
export async function activitiesById(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, ActivitySummary>> {
  if (ids.length === 0) return new Map();
  const rows = await activitiesQuery(db, [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, toActivity(row)]));
}

function activitiesQuery(db: Kysely<Database>, ids: readonly number[]) {
  return db
    .selectFrom("resource_activities as activity")
    .innerJoin("resources", "resources.id", "activity.resource_id")
    .select(["activity.id", "activity.title", "resources.slug", "resources.title as resource_title"])
    .where("activity.id", "in", ids);
}

function toActivity(row: { id: number; title: string; slug: string; resource_title: string }): ActivitySummary {
  return { id: row.id, title: row.title, resource: { slug: row.slug, title: row.resource_title } };
}
