import { Router } from "express";
import type { GalleryService } from "../gallery";
import { redirectToSlashed } from "./slashed-redirect";

/** The Gallery page: each gallery of photos and videos, opened in the lightbox once enhanced. */
export function galleryRoutes(options: { gallery: GalleryService }): Router {
  const { gallery } = options;
  const router = Router({ strict: true });

  router.get("/gallery/", async (_req, res) => {
    res.render("pages/gallery.njk", { galleries: await gallery.galleries() });
  });

  router.get("/gallery", redirectToSlashed);
  return router;
}
