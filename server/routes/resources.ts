import { Router, type Response } from "express";
import { parseResourceListingQuery, RESOURCES_PATH } from "../domain/resource-filters";
import { notFound } from "../http/errors";
import { takeNoteDraft } from "../http/note-draft";
import type { MemberPages } from "../cache/http/member-pages";
import type { CurrentUser } from "../accounts";
import type { MemberLaneRoute } from "../http/member-lane";
import type { MemberPageMeta, ResourcePage, ResourcesService, Viewer } from "../resources";
import type { SiteSettings } from "../pages";
import { learningResourceJsonLd, structuredDataSiteOf } from "../seo";
import { redirectToSlashed } from "./slashed-redirect";
import path from "node:path";
import { staticDir } from "../paths";

const RESOURCE_VIEW = "pages/resource.njk";
/** A resource's page: /resources/<slug>/ (a share link, /resources/shared/<token>/, has two segments). */
const resourcePagePath = /^\/resources\/[^/]+\/$/;

/** Who views a resource page: the signed-in person (their CSRF token, for the Save form) or a visitor (null). */
function viewerFor(user: CurrentUser | null | undefined, csrfToken: () => unknown, returnPath: string): Viewer {
  return {
    constituentId: user?.id ?? null,
    // Only a signed-in viewer's Save form posts: reading the token for a visitor would start a session on every view.
    csrfToken: user ? String(csrfToken() ?? "") : "",
    returnPath,
    ownMemberships: user?.ownMemberships,
  };
}

function viewerOf(res: Response): Viewer {
  return viewerFor(res.locals.currentUser, () => res.locals.csrfToken, String(res.locals.currentPath ?? RESOURCES_PATH));
}

/**
 * The filterable resources listing and each resource's page (docs/resources.md).
 * A member's resource page is the page every member sees, rendered once,
 * with their own parts rendered into it (`memberPages`, issue 27; absent in
 * development and with PAGE_CACHE_MB=0: rendered whole).
 */
export function resourceRoutes(options: { resources: ResourcesService; publicUrl: string; memberPages?: MemberPages }): Router {
  const { resources, publicUrl, memberPages } = options;
  const router = Router({ strict: true });

  router.get(RESOURCES_PATH, async (req, res) => {
    const query = parseResourceListingQuery(req.query as Record<string, unknown>);
    res.render("pages/resources.njk", await resources.listingPage(query, viewerOf(res), new Date()));
  });

  router.get("/resources/:slug/", async (req, res) => {
    const viewer = viewerOf(res);
    const noteDraft = takeNoteDraft(req);
    const now = new Date();
    const withStructuredData = (page: ResourcePage) => ({
      ...page,
      structuredData: learningResourceJsonLd(page.resource, page.facets, structuredDataSiteOf(res.locals.site as SiteSettings, publicUrl)),
    });
    const access = viewer.constituentId === null ? undefined : await resources.access(viewer, now);
    if (access?.kind === "member" && memberPages) {
      const sent = await memberPages.send<MemberPageMeta>(req, res, {
        view: RESOURCE_VIEW,
        shared: async () => {
          const shared = await resources.sharedMemberPage(req.params.slug, now);
          return shared && { context: withStructuredData(shared.page), meta: shared.meta };
        },
        parts: async (meta) => resources.memberParts(meta, viewer, noteDraft),
      });
      if (sent) return;
    }
    const page = await resources.resourcePage(req.params.slug, viewer, { noteDraft, access });
    if (!page) throw notFound();
    res.render("pages/resource.njk", withStructuredData(page));
  });

  // A member's download, sent as a file (Content-Disposition: attachment); anyone else is sent to the page, which says why.
  router.get("/resources/:slug/download/", async (req, res) => {
    const outcome = await resources.download(req.params.slug, res.locals.currentUser?.id ?? null, new Date());
    if (!outcome) throw notFound();
    if (outcome.kind === "members-only") {
      res.redirect(303, outcome.pageUrl);
      return;
    }
    res.set("Cache-Control", "private, no-cache");
    res.attachment(outcome.fileName).type(outcome.mediaType);
    res.sendFile(path.join(staticDir, outcome.staticPath.slice("/static/".length)), { headers: { "Content-Type": outcome.mediaType } });
  });

  // The pattern library's Save and filter pages show the real listing: its first resource, its filter form.
  for (const pattern of ["save-resource", "resource-filters"]) {
    router.get(`/patterns/${pattern}/`, async (_req, res) => {
      const listing = await resources.listingPage(parseResourceListingQuery({}), viewerOf(res), new Date());
      res.render(`pages/patterns/${pattern}.njk`, listing);
    });
  }

  router.get("/resources", redirectToSlashed);
  router.get("/resources/:slug", redirectToSlashed);
  return router;
}

/**
 * A member's resource page in the member lane (http/member-lane.ts): the
 * page the route above sends a member, once its shared part is kept, with
 * the same parts; anything else is left to the route.
 */
export function resourceMemberLaneRoute(options: { resources: ResourcesService; memberPages: MemberPages }): MemberLaneRoute {
  const { resources, memberPages } = options;
  return {
    matches: (path) => resourcePagePath.test(path),
    async compose(req, member) {
      const viewer = viewerFor(member.user, () => member.csrfToken, member.currentPath);
      const access = await resources.access(viewer, new Date());
      if (access.kind !== "member") return undefined;
      const page = await memberPages.kept(RESOURCE_VIEW, member.currentPath);
      if (!page) return undefined;
      const own = await resources.memberParts(page.meta as MemberPageMeta, viewer);
      return page.compose(req, { ...member.layoutParts, ...own });
    },
  };
}
