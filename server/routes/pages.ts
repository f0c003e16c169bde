import { Router } from "express";
import type { PagesService, SiteSettings } from "../pages";
import { organizationJsonLd, structuredDataSiteOf } from "../seo";
import { notFound } from "../http/errors";
import { listPatternNames } from "../views/pattern-library";
import { redirectToSlashed } from "./slashed-redirect";

/** The home page, the pattern library and the editor-written content pages. */
export function pageRoutes(options: { pages: PagesService; templatesDir: string; publicUrl: string }): Router {
  const { pages, templatesDir, publicUrl } = options;
  const router = Router({ strict: true });

  router.get("/", async (_req, res) => {
    const structuredData = organizationJsonLd(structuredDataSiteOf(res.locals.site as SiteSettings, publicUrl));
    res.render("pages/home.njk", { ...(await pages.homeContent()), structuredData });
  });

  router.get("/patterns/", async (_req, res) => {
    res.render("pages/patterns/index.njk", { patterns: await listPatternNames(templatesDir) });
  });

  router.get("/patterns/:name/", async (req, res) => {
    const patterns = await listPatternNames(templatesDir);
    if (!patterns.includes(req.params.name)) throw notFound();
    res.render(`pages/patterns/${req.params.name}.njk`, { patterns });
  });

  router.get("/:slug/", async (req, res) => {
    const page = await pages.findPublishedPage(req.params.slug);
    if (!page) throw notFound();
    res.render("pages/content-page.njk", { page });
  });

  // Every page address ends in a slash; send the slashless one there.
  router.get("/patterns", redirectToSlashed);
  router.get("/:slug", async (req, res, next) => {
    if (!(await pages.findPublishedPage(req.params.slug))) return next();
    redirectToSlashed(req, res);
  });

  return router;
}
