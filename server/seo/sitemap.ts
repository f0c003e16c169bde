/*
 * The sitemap protocol (sitemaps.org): one <urlset> while the site fits in
 * one file, otherwise /sitemap.xml becomes a <sitemapindex> naming
 * /sitemap-1.xml, /sitemap-2.xml… Pure: the entries come from the sitemap
 * service, the address from the route.
 */

/** The protocol's limit of addresses in one sitemap file. */
export const MAX_URLS_PER_SITEMAP = 50_000;

export const SITEMAP_PATH = "/sitemap.xml";
/** /sitemap-<n>.xml, n from 1: a part of a split sitemap. */
export const SITEMAP_PART_PATTERN = /^\/sitemap-([1-9]\d{0,5})\.xml$/;

export function sitemapPartPath(part: number): string {
  return `/sitemap-${part}.xml`;
}

export interface SitemapEntry {
  /** A site path starting with "/". */
  path: string;
  /** ISO 8601 instant; left out of the file when unknown. */
  lastModified?: string;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

/**
 * The document at /sitemap.xml (part undefined) or /sitemap-<part>.xml;
 * undefined for a part that does not exist (including any part while the
 * site fits in one file).
 */
export function sitemapDocument(
  entries: readonly SitemapEntry[],
  options: { publicUrl: string; urlsPerSitemap: number; part?: number },
): string | undefined {
  const { publicUrl, urlsPerSitemap, part } = options;
  const partCount = Math.ceil(entries.length / urlsPerSitemap);
  if (part === undefined) {
    if (partCount <= 1) return urlSet(entries, publicUrl);
    const parts = Array.from({ length: partCount }, (_, index) => {
      const slice = entries.slice(index * urlsPerSitemap, (index + 1) * urlsPerSitemap);
      return { path: sitemapPartPath(index + 1), lastModified: latestOf(slice.map((entry) => entry.lastModified)) };
    });
    return sitemapIndex(parts, publicUrl);
  }
  if (partCount <= 1 || part < 1 || part > partCount) return undefined;
  return urlSet(entries.slice((part - 1) * urlsPerSitemap, part * urlsPerSitemap), publicUrl);
}

/** The latest of some ISO instants (they compare as text), or undefined when none is known. */
export function latestOf(instants: readonly (string | undefined)[]): string | undefined {
  let latest: string | undefined;
  for (const instant of instants) if (instant !== undefined && (latest === undefined || instant > latest)) latest = instant;
  return latest;
}

function urlSet(entries: readonly SitemapEntry[], publicUrl: string): string {
  return [XML_DECLARATION, `<urlset xmlns="${NAMESPACE}">`, ...entries.map((entry) => `<url>${locationOf(entry, publicUrl)}</url>`), "</urlset>", ""].join("\n");
}

function sitemapIndex(parts: readonly SitemapEntry[], publicUrl: string): string {
  return [XML_DECLARATION, `<sitemapindex xmlns="${NAMESPACE}">`, ...parts.map((entry) => `<sitemap>${locationOf(entry, publicUrl)}</sitemap>`), "</sitemapindex>", ""].join("\n");
}

function locationOf(entry: SitemapEntry, publicUrl: string): string {
  const lastModified = entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : "";
  return `<loc>${escapeXml(publicUrl + entry.path)}</loc>${lastModified}`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
