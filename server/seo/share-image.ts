import { absoluteUrl } from "./structured-data";

/*
 * The picture a link shows when it is shared (Open Graph and Twitter cards).
 * Facebook, LinkedIn and X show no SVG, so a page's own image is used only
 * when it is a raster file; otherwise, and on pages without one, the site's
 * default card (docs/seo.md, "Sharing").
 */

export const DEFAULT_SHARE_IMAGE = { path: "/static/images/icons/share-default.png", width: 1200, height: 630 };

const RASTER_IMAGE = /\.(png|jpe?g|webp|gif)$/i;

export interface ShareImage {
  url: string;
  alt: string;
  /** Known for the default card only. */
  width?: number;
  height?: number;
}

export function shareImageOf(publicUrl: string, siteName: string, own?: { url?: string | null; alt?: string | null }): ShareImage {
  const ownPath = own?.url?.split(/[?#]/)[0] ?? "";
  if (own?.url && RASTER_IMAGE.test(ownPath)) return { url: absoluteUrl(publicUrl, own.url), alt: own.alt ?? "" };
  return { url: absoluteUrl(publicUrl, DEFAULT_SHARE_IMAGE.path), alt: siteName, width: DEFAULT_SHARE_IMAGE.width, height: DEFAULT_SHARE_IMAGE.height };
}
