import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { resolveDay } from "./event-schedule";
import type { ResourceFixture } from "./fixture-schema/resources";
import type { ResourcesContent } from "./load-fixtures";
import { londonWallClockToUtc } from "../shared/london-time";
import { statSync } from "node:fs";
import path from "node:path";
import { staticDir } from "../paths";
import { DOWNLOAD_EXTENSIONS, downloadMediaTypeOf } from "../domain/download-files";
import { FixtureValidationError } from "./fixture-errors";
import { seedResourceRecords, type ResourceSeed, type ResourcesSeedCounts } from "../resources";

/** Resources are "published" at the start of the working day. */
const PUBLISHING_TIME = "09:00";

/** A download's file as stored: its path, and its size and type read from the file itself, so the page never claims a wrong size. */
function downloadColumnsOf(resource: ResourceFixture, files: string) {
  if (!resource.download) return { download_path: null, download_bytes: null, download_type: null };
  const where = `resources: resource ${resource.id} ("${resource.slug}"): download`;
  const mediaType = downloadMediaTypeOf(resource.download);
  if (!mediaType) throw new FixtureValidationError([`${where}: expected a file ending in one of: ${DOWNLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(", ")}`]);
  const file = path.join(files, resource.download.slice("/static/".length));
  let bytes: number;
  try {
    bytes = statSync(file).size;
  } catch {
    throw new FixtureValidationError([`${where}: there is no file ${resource.download} (looked for ${file}); put it under static/`]);
  }
  return { download_path: resource.download, download_bytes: bytes, download_type: mediaType };
}

function videoColumnsOf(resource: ResourceFixture) {
  return {
    video_url: resource.video?.url ?? null,
    video_poster_url: resource.video?.poster_url ?? null,
    video_captions_url: resource.video?.captions_url ?? null,
  };
}

/** A fixture as resources' seeding takes it: the publishing time and the download's file resolved. */
function resourceSeedOf(resource: ResourceFixture, seedingDate: string, files: string): ResourceSeed {
  return {
    id: resource.id,
    resource_type: resource.resource_type,
    slug: resource.slug,
    title: resource.title,
    summary: resource.summary,
    body_html: resource.body_html,
    image_url: resource.image_url,
    image_alt: resource.image_alt,
    duration_minutes: resource.duration_minutes,
    ...videoColumnsOf(resource),
    ...downloadColumnsOf(resource, files),
    published_at: londonWallClockToUtc(resolveDay(resource.published, seedingDate), PUBLISHING_TIME).toISOString(),
    facets: { key_stage: resource.key_stage, subject: resource.subject, play_or_topic: resource.play_or_topic, theme: resource.theme },
    activities: resource.activities,
  };
}

/**
 * Upserts facet terms and resources by resource id, with their facets and
 * activities, through resources' front door. Run inside a transaction.
 * `files` is where "/static/…" downloads are found (the site's static/ folder).
 */
export async function seedResources(
  db: Kysely<Database>,
  content: ResourcesContent,
  now: Date,
  seedingDate: string,
  files: string = staticDir,
): Promise<ResourcesSeedCounts> {
  const resources = content.resources.map((resource) => resourceSeedOf(resource, seedingDate, files));
  return seedResourceRecords(db, { facets: content.facets, resources }, now);
}
