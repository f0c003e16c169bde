import { defineWidget } from "../runtime/definition";
import type { GalleryProps } from "./parse";

/**
 * Photo galleries and video lightbox items: `data-widget="gallery"`,
 * `data-kind="gallery | video"`. lightGallery is large, so its code (and CSS)
 * loads only when the gallery comes near the viewport.
 */
export const galleryWidget = defineWidget<GalleryProps>({
  name: "gallery",
  hydrate: "visible",
  load: () => import("./widget"),
});
