import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError } from "../lib/options";
import { galleryKinds, lightboxDefaultStrings, type GalleryKind, type LightboxStrings } from "./gallery-settings";
import { parseGalleryItem, type GalleryItem } from "./parse-item";

export interface GalleryProps {
  kind: GalleryKind;
  /** lightGallery's commercial licence key; empty means its evaluation key (docs/deploy.md). */
  licenseKey: string;
  /** The gallery's name: the list's and the lightbox dialog's accessible name. */
  label: string;
  items: GalleryItem[];
  strings: LightboxStrings;
}

const galleryOptions = {
  kind: { type: "enum", values: galleryKinds, default: "gallery" },
  licenseKey: { type: "string", default: "" },
  label: { type: "string", default: "" },
} as const;

/**
 * Reads `data-widget="gallery"`: `data-kind` ("gallery" or "video"),
 * `data-license-key`, `data-label`, the lightbox strings
 * (`data-i18n-close-gallery`…) and each `.gallery__list > .gallery__item`.
 */
export function parseGallery(root: HTMLElement): GalleryProps {
  const itemElements = Array.from(root.querySelectorAll<HTMLElement>(":scope > .gallery__list > .gallery__item"));
  if (itemElements.length === 0) {
    throw new WidgetConfigError(
      'gallery needs a direct child <ul class="gallery__list"> with at least one <li class="gallery__item"> holding a link',
    );
  }
  const options = readOptions(root, galleryOptions);
  return {
    kind: options.kind as GalleryKind,
    licenseKey: options.licenseKey.trim(),
    label: options.label.trim() || (options.kind === "video" ? "Video" : "Gallery"),
    items: itemElements.map((item, index) => parseGalleryItem(item, index + 1)),
    strings: readI18n(root, lightboxDefaultStrings),
  };
}
