import type { GalleryItem as LightGalleryItem } from "lightgallery/lg-utils";
import { escapeHtml } from "../lib/escape-html";
import type { GalleryItem } from "./parse-item";

/** Wraps every lightbox caption, as a styling hook and so a caption that starts with "#" or "." is never taken for a selector. */
export const lightboxCaptionClass = "gallery__lightbox-caption";

// <track> attributes lightGallery may write; anything else in the page's JSON is dropped.
const trackAttributes = new Set(["src", "kind", "srclang", "label", "default"]);

/**
 * One item in lightGallery's dynamic form. lightGallery concatenates most of
 * these into HTML strings, so each value is escaped here; the two it sets
 * through the DOM instead (thumb, downloadUrl) stay as they are, or they would
 * come out double-escaped. subHtml is the page's caption markup, trusted as
 * the rest of the page is.
 */
export function toLightGalleryItem(item: GalleryItem): LightGalleryItem {
  const firstVideoFile = item.video?.source[0]?.src;
  return {
    src: item.src === undefined ? undefined : escapeHtml(item.src),
    thumb: item.thumb,
    alt: escapeHtml(item.alt),
    subHtml: captionMarkup(item.subHtml),
    poster: optionalEscaped(item.poster),
    video: item.video && {
      source: item.video.source.map(({ src, type }) => ({ src: escapeHtml(src), type: escapeHtml(type) })),
      // lightGallery types these as DOM elements but reads them as plain attribute maps.
      tracks: item.video.tracks.map(escapedTrack) as unknown as HTMLTrackElement[],
      // The poster shows until Play; the native controls then take over (keyboard included).
      // lightGallery starts playing once the metadata is in, so "none" would leave Play waiting forever.
      attributes: { preload: "metadata", controls: true } as unknown as HTMLVideoElement,
    },
    iframe: item.iframe,
    // Every frame needs a title for screen readers; the alt text is the natural one.
    iframeTitle: escapeHtml(item.iframeTitle ?? item.alt),
    srcset: optionalEscaped(item.srcset),
    sizes: optionalEscaped(item.sizes),
    // lightGallery falls back to src, which an HTML5 video does not have: point at its first file.
    downloadUrl: item.downloadUrl ?? item.src ?? firstVideoFile ?? false,
  };
}

export function captionMarkup(html: string): string {
  return html.trim() === "" ? "" : `<div class="${lightboxCaptionClass}">${html}</div>`;
}

function optionalEscaped(value: string | undefined): string | undefined {
  return value === undefined ? undefined : escapeHtml(value);
}

function escapedTrack(track: Record<string, string>): Record<string, string> {
  const escaped: Record<string, string> = {};
  for (const [name, value] of Object.entries(track)) {
    if (trackAttributes.has(name)) escaped[name] = escapeHtml(value);
  }
  return escaped;
}
