import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Logger } from "../../logging";
import type { MemberAccess, MemberAccessReader } from "../../memberships";
import { shareTokenPattern, type ShareLinkRequest } from "./share-link-request";
import { loadShareLinksFor, shareLinkUrl, shareLinkViewsOf, type ShareLinksForResource } from "./share-links-for";
import { publishedResource } from "../resource-lookups";
import { findLiveLink, findRevokedLinkType, getOrCreateToken, revokeOwnLink } from "./share-links-store";
import { sharePageFor, type SharePage } from "./share-page";
import { loadStudentView, type NotesOn, type StudentView } from "./student-view";
import type { ShareLinkType } from "../tables";

/*
 * Share links (docs/resources.md "Share links"): a member's link to a
 * resource, one live link per person, resource and type. A student link opens
 * a read-only view with the sharer's notes while it is not revoked and the
 * sharer is still a member; a teacher link sends a member to the resource page.
 */

export type GenerateOutcome =
  | { kind: "link"; link: string; slug: string }
  | { kind: "not-member"; access: MemberAccess }
  | { kind: "unknown-resource" };

export type SharePageOutcome = { kind: "page"; page: SharePage } | { kind: "not-member"; access: MemberAccess } | { kind: "unknown-resource" };

export type OpenLinkOutcome =
  /** Unknown token (or one deleted with its sharer's account), or a resource no longer published. */
  | { kind: "not-found" }
  /** Its sharer revoked it: gone for good (410), and the page says so. */
  | { kind: "revoked"; type: ShareLinkType }
  /** A student link whose sharer is no longer a member. */
  | { kind: "inactive" }
  | { kind: "student"; view: StudentView }
  | { kind: "teacher"; slug: string; access: MemberAccess };

export interface ShareLinksService {
  generate(personId: number, request: ShareLinkRequest): Promise<GenerateOutcome>;
  /** The resource's slug, or undefined when the token is not the person's live link. */
  revoke(personId: number, token: string): Promise<{ slug: string } | undefined>;
  /** The links for live tokens already read (the resource page reads them with the member's other rows: own-on-resource.ts). */
  shareLinkViews(tokens: Partial<Record<ShareLinkType, string>>): ShareLinksForResource;
  sharePage(personId: number, slug: string): Promise<SharePageOutcome>;
  open(token: string, viewerId: number | null): Promise<OpenLinkOutcome>;
}

export interface ShareLinksDependencies {
  db: Kysely<Database>;
  memberAccess: MemberAccessReader;
  /** The teacher-notes feature's notesOn: the student view shows the sharer's notes. */
  notesOn: NotesOn;
  logger: Logger;
  /** The site's public origin: links are absolute, for pasting anywhere. */
  publicOrigin: string;
  clock?: () => Date;
}

export function createShareLinksService(deps: ShareLinksDependencies): ShareLinksService {
  const { db, memberAccess, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const shareLinksFor = (personId: number, resourceId: number) => loadShareLinksFor(db, deps.publicOrigin, personId, resourceId);

  return {
    async generate(personId, request) {
      const now = clock();
      // Only members may share: a link to what one cannot see would leak it.
      const access = await memberAccess(personId, now);
      if (access.kind !== "member") return { kind: "not-member", access };
      const resource = await publishedResource(db, { id: request.resourceId, resourceType: request.resourceType }, now);
      if (!resource) return { kind: "unknown-resource" };
      try {
        const token = await getOrCreateToken(db, { personId, resourceId: resource.id, resourceType: resource.resourceType, type: request.type }, now);
        return { kind: "link", link: shareLinkUrl(deps.publicOrigin, token), slug: resource.slug };
      } catch (error) {
        // The message only: a driver's error detail could quote the row, token and all.
        const reason = error instanceof Error ? error.message : String(error);
        logger.error({ userId: personId, resourceId: resource.id, linkType: request.type, reason }, "share link generation failed");
        throw new Error("share link generation failed");
      }
    },

    async revoke(personId, token) {
      if (!shareTokenPattern.test(token)) return undefined;
      const revoked = await revokeOwnLink(db, personId, token, clock());
      if (!revoked) return undefined;
      logger.info({ userId: personId, resourceId: revoked.resourceId }, "share link revoked");
      return { slug: revoked.slug };
    },

    shareLinkViews: (tokens) => shareLinkViewsOf(deps.publicOrigin, tokens),

    async sharePage(personId, slug) {
      const now = clock();
      const access = await memberAccess(personId, now);
      if (access.kind !== "member") return { kind: "not-member", access };
      const page = await sharePageFor(db, slug, now, (resourceId) => shareLinksFor(personId, resourceId));
      return page ? { kind: "page", page } : { kind: "unknown-resource" };
    },

    async open(token, viewerId) {
      if (!shareTokenPattern.test(token)) return { kind: "not-found" };
      const now = clock();
      const link = await findLiveLink(db, token, now);
      if (!link) {
        const revokedType = await findRevokedLinkType(db, token);
        return revokedType ? { kind: "revoked", type: revokedType } : { kind: "not-found" };
      }
      if (link.type === "teacher") return { kind: "teacher", slug: link.slug, access: await memberAccess(viewerId, now) };
      // A student link lives only while its sharer is a member (docs/resources.md).
      if ((await memberAccess(link.sharerId, now)).kind !== "member") return { kind: "inactive" };
      const view = await loadStudentView(db, deps.notesOn, link);
      return view ? { kind: "student", view } : { kind: "not-found" };
    },
  };
}
