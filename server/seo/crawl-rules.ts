/*
 * Which addresses search engines may index (docs/seo.md, "What is indexed").
 * One list feeds both robots.txt and each page's robots meta tag, so a page
 * that robots.txt keeps crawlers away from also says noindex to anyone who
 * reaches it by a link.
 */

/** Personal, staff, search results, developer pages, payment pages and students' share links. */
export const UNINDEXED_PATH_PREFIXES = [
  "/account/",
  "/staff/",
  "/staff-sign-in/",
  "/staff-enrol/",
  "/search/",
  "/dev/",
  "/patterns/",
  "/payments/",
  "/resources/shared/",
  "/resources/notes/",
] as const;

export const ROBOTS_PATH = "/robots.txt";

export function isIndexablePath(path: string): boolean {
  return !UNINDEXED_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** robots.txt: everything but the unindexed areas, and where the sitemap is (absolute, as the protocol asks). */
export function robotsTxt(publicUrl: string, sitemapPath: string): string {
  return ["User-agent: *", "Allow: /", ...UNINDEXED_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`), "", `Sitemap: ${publicUrl}${sitemapPath}`, ""].join("\n");
}
