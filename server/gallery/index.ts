/*
 * The gallery capability's front door: from outside server/gallery/,
 * this file is the only one imported (docs/architecture.md, "Import rules").
 */

export { createGalleryService, type GalleryService } from "./gallery-service";
