import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { publishedResource } from "../resource-lookups";
import type { ShareLinksForResource } from "./share-links-for";
import { SHARE_LINK_TYPES } from "./share-link-request";
import type { ShareLinkType } from "../tables";

/** The share modal's explanation, shown on the no-JavaScript share page too. */
export const SHARE_EXPLANATION = "Teacher links are for members and colleagues only. Student links go to your students and include your notes.";

/** What templates/pages/resource-share.njk renders (the route adds the CSRF token). */
export interface SharePage {
  resource: { id: number; resourceType: string; slug: string; title: string; pageUrl: string };
  sharePageUrl: string;
  explanation: string;
  links: {
    type: ShareLinkType;
    heading: string;
    description: string;
    /** "" when there is no live link of this type yet. */
    link: string;
    token: string;
  }[];
}

const linkTexts: Record<ShareLinkType, { heading: string; description: string }> = {
  student: {
    heading: "Student link",
    description: "Opens without signing in: the resource, read-only, with your notes under each activity.",
  },
  teacher: {
    heading: "Teacher link",
    description: "For members and colleagues: they sign in to open the resource.",
  },
};

/** The share page of a published resource, or undefined. */
export async function sharePageFor(
  db: Kysely<Database>,
  slug: string,
  now: Date,
  linksFor: (resourceId: number) => Promise<ShareLinksForResource>,
): Promise<SharePage | undefined> {
  const resource = await publishedResource(db, { slug }, now);
  if (!resource) return undefined;
  const links = await linksFor(resource.id);
  return {
    resource: { ...resource, pageUrl: `/resources/${resource.slug}/` },
    sharePageUrl: `/resources/${resource.slug}/share/`,
    explanation: SHARE_EXPLANATION,
    links: SHARE_LINK_TYPES.map((type) => ({
      type,
      ...linkTexts[type],
      link: links[type]?.link ?? "",
      token: links[type]?.token ?? "",
    })),
  };
}
