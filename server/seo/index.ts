/*
 * The seo capability's front door: from outside server/seo/,
 * this file is the only one imported (docs/architecture.md, "Import rules").
 */

export { isIndexablePath, ROBOTS_PATH, robotsTxt } from "./crawl-rules";
export { shareImageOf } from "./share-image";
export { SITEMAP_PART_PATTERN, SITEMAP_PATH, type SitemapEntry } from "./sitemap";
export { createSitemapService, sitemapSourcesOf, type SitemapService } from "./sitemap-service";
export { absoluteUrl, eventJsonLd, learningResourceJsonLd, organizationJsonLd, structuredDataSiteOf } from "./structured-data";
export { ROOT_ICON_FILES, WEB_MANIFEST_PATH, WEB_MANIFEST_TYPE, webManifest } from "./web-manifest";
