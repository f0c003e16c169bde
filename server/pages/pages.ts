import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** A content page as templates/pages/content-page.njk renders it. */
export interface PublishedPage {
  slug: string;
  title: string;
  summary: string;
  /** Trusted editor HTML (from the content files): the one field a template outputs unescaped. */
  body_html: string;
  updated_at: string;
}

/** The page at /<slug>/, or undefined when there is none or it is a draft. */
export async function findPublishedPage(db: Kysely<Database>, slug: string, now: Date = new Date()): Promise<PublishedPage | undefined> {
  return db
    .selectFrom("pages")
    .select(["slug", "title", "summary", "body_html", "updated_at"])
    .where("slug", "=", slug)
    .where("published_at", "is not", null)
    .where("published_at", "<=", now.toISOString())
    .executeTakeFirst();
}
