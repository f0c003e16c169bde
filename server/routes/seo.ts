import path from "node:path";
import { Router } from "express";
import { notFound } from "../http/errors";
import type { SiteSettings } from "../pages";
import {
  ROBOTS_PATH,
  robotsTxt,
  SITEMAP_PART_PATTERN,
  SITEMAP_PATH,
  type SitemapService,
  ROOT_ICON_FILES,
  WEB_MANIFEST_PATH,
  WEB_MANIFEST_TYPE,
  webManifest,
} from "../seo";

/** Changes only with a deploy (robots.txt) or a settings edit (the manifest): a day is plenty. */
const ONE_DAY = "public, max-age=86400";
const XML_TYPE = "application/xml; charset=utf-8";

/**
 * robots.txt, the sitemap and the web manifest (docs/seo.md). Mounted after
 * the page cache, which keeps the sitemap until the content changes, and
 * before sessions: none of these is personal.
 */
export function seoRoutes(options: { sitemap: SitemapService; siteSettings: () => Promise<SiteSettings>; publicUrl: string }): Router {
  const { sitemap, siteSettings, publicUrl } = options;
  const robots = robotsTxt(publicUrl, SITEMAP_PATH);
  const router = Router({ strict: true });

  router.get(ROBOTS_PATH, (_req, res) => {
    res.set("Cache-Control", ONE_DAY).type("text/plain; charset=utf-8").send(robots);
  });

  router.get(SITEMAP_PATH, async (_req, res) => {
    res.type(XML_TYPE).send(await sitemap.document(undefined, new Date()));
  });

  router.get(SITEMAP_PART_PATTERN, async (req, res) => {
    const document = await sitemap.document(Number(req.params[0]), new Date());
    if (document === undefined) throw notFound();
    res.type(XML_TYPE).send(document);
  });

  router.get(WEB_MANIFEST_PATH, async (_req, res) => {
    res.set("Cache-Control", ONE_DAY).type(WEB_MANIFEST_TYPE).send(JSON.stringify(webManifest(await siteSettings())));
  });

  return router;
}

/** /favicon.ico and /apple-touch-icon.png from static/: before sessions and logging's page lines, like /static. */
export function rootIconRoutes(staticDir: string): Router {
  const router = Router({ strict: true });
  for (const [address, file] of Object.entries(ROOT_ICON_FILES)) {
    router.get(address, (_req, res) => {
      res.sendFile(path.join(staticDir, file), { maxAge: "1d", dotfiles: "deny" });
    });
  }
  return router;
}
