import path from "node:path";
import type { Kysely, Selectable } from "kysely";
import type { Database } from "../db/schema";
import { downloadDescriptionOf } from "../domain/download-files";
import { resourceUrl } from "../shared/content-urls";
import type { MemberAccessReader } from "../memberships";
import type { ResourcesTable } from "./tables";

/** What templates/pages/resource.njk shows of a resource's media, to a member. */
export interface ResourceMedia {
  video: { url: string; posterUrl: string; captionsUrl: string } | null;
  /** description: "PDF, 12 KB". */
  download: { url: string; fileName: string; description: string } | null;
}

/** The address that sends a resource's download as a file (with Content-Disposition), for members. */
export function resourceDownloadUrl(slug: string): string {
  return `${resourceUrl(slug)}download/`;
}

type MediaColumns = Pick<
  Selectable<ResourcesTable>,
  "slug" | "video_url" | "video_poster_url" | "video_captions_url" | "download_path" | "download_bytes" | "download_type"
>;

export function resourceMediaOf(row: MediaColumns): ResourceMedia {
  return {
    video:
      row.video_url && row.video_poster_url && row.video_captions_url
        ? { url: row.video_url, posterUrl: row.video_poster_url, captionsUrl: row.video_captions_url }
        : null,
    download:
      row.download_path && row.download_type && row.download_bytes !== null
        ? {
            url: resourceDownloadUrl(row.slug),
            fileName: path.posix.basename(row.download_path),
            description: downloadDescriptionOf(row.download_type, row.download_bytes),
          }
        : null,
  };
}

/** The file to send, a refusal for a non-member (the page says why and the way on), or undefined when there is none. */
export type ResourceDownloadOutcome =
  | { kind: "file"; staticPath: string; fileName: string; mediaType: string }
  | { kind: "members-only"; pageUrl: string };

export async function resourceDownloadFor(
  db: Kysely<Database>,
  slug: string,
  constituentId: number | null,
  memberAccess: MemberAccessReader,
  now: Date,
): Promise<ResourceDownloadOutcome | undefined> {
  const row = await db
    .selectFrom("resources")
    .select(["slug", "download_path", "download_type"])
    .where("slug", "=", slug)
    .where("published_at", "<=", now.toISOString())
    .executeTakeFirst();
  if (!row?.download_path || !row.download_type) return undefined;
  const access = await memberAccess(constituentId, now);
  if (access.kind !== "member" || constituentId === null) return { kind: "members-only", pageUrl: resourceUrl(row.slug) };
  return { kind: "file", staticPath: row.download_path, fileName: path.posix.basename(row.download_path), mediaType: row.download_type };
}
