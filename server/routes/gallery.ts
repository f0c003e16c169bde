import { Router } from "express";
import type { Kysely } from "kysely";
import { loadGalleries } from "../gallery/gallery";
import type { Database } from "../db/schema";
import { redirectToSlashed } from "./slashed-redirect";

/** The Gallery page: each gallery of photos and videos, opened in the lightbox once enhanced. */
export function galleryRoutes(options: { db: Kysely<Database> }): Router {
  const { db } = options;
  const router = Router({ strict: true });

  router.get("/gallery/", async (_req, res) => {
    res.render("pages/gallery.njk", { galleries: await loadGalleries(db) });
  });

  router.get("/gallery", redirectToSlashed);
  return router;
}
