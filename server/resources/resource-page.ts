import type { Kysely, Selectable } from "kysely";
import { RESOURCE_FACET_LABELS, RESOURCE_FACETS, resourceTypeLabel, type ResourceFacet } from "../domain/resource-taxonomy";
import type { Database } from "../db/schema";
import { accessPrompt, type AccessPrompt } from "./resource-access-prompt";
import type { ResourcesTable, ShareLinkType } from "./tables";
import { resourceListingUrl, emptyFacetSelection } from "../domain/resource-filters";
import type { MemberAccess, MemberAccessReader } from "../memberships";
import type { NoteDraft } from "../domain/teacher-note-content";
import { memberTools, type ExistingShareLinks, type ResourceTools, type TeacherNote } from "./resource-tools";
import { ownOnResource, type OwnOnResource } from "./own-on-resource";
import { saveControlOf, type SaveControl, type Viewer } from "./save-controls";
import { resourceMediaOf, type ResourceMedia } from "./resource-media";

/** What the page needs from outside its own rows: who is a member, and the links their share tokens make. */
export interface ResourcePageDependencies {
  memberAccess: MemberAccessReader;
  /** The links for a member's live share tokens, read with their other rows on the page (own-on-resource.ts). */
  shareLinkViews(tokens: Partial<Record<ShareLinkType, string>>): ExistingShareLinks;
}

/** A facet of the resource with its terms, each linking to the listing filtered by it. */
export interface ResourceFacetTerms {
  facet: ResourceFacet;
  label: string;
  terms: { slug: string; label: string; listingUrl: string }[];
}

/** What templates/pages/resource.njk renders. */
export interface ResourcePage {
  resource: {
    id: number;
    resourceType: string;
    resourceTypeLabel: string;
    slug: string;
    title: string;
    summary: string;
    /** Trusted editor HTML from the content files; "" for a non-member, who sees the summary only. */
    bodyHtml: string;
    imageUrl: string;
    imageAlt: string;
    durationMinutes: number;
    publishedAt: string;
    updatedAt: string;
  };
  facets: ResourceFacetTerms[];
  /**
   * The ordered, titled sections as accordion items (templates/macros/accordion.njk):
   * numbered headings, html is trusted editor HTML, the first starts open; each
   * with the member's own note (templates/macros/teacher-note.njk). Empty for a non-member.
   */
  activities: { id: number; heading: string; html: string; open: boolean; note: TeacherNote }[];
  /** Its film and its download, for a member; null for everyone else. */
  media: ResourceMedia | null;
  /** How many activities the resource has (the prompt says so to a non-member). */
  activityCount: number;
  save: SaveControl;
  /** A member's tools panel (templates/macros/tools-panel.njk); null for everyone else. */
  tools: ResourceTools | null;
  /** Why a non-member sees only the summary, and the way on; null for a member. */
  prompt: AccessPrompt | null;
}

/** A published resource's rows: the resource, its facet terms and its activities. */
interface ResourceRead {
  row: Selectable<ResourcesTable>;
  termRows: { facet: string; slug: string; label: string }[];
  activityRows: { id: number; title: string; body_html: string }[];
}

async function readResource(db: Kysely<Database>, slug: string, now: Date): Promise<ResourceRead | undefined> {
  const row = await db
    .selectFrom("resources")
    .selectAll()
    .where("slug", "=", slug)
    .where("published_at", "<=", now.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  const [termRows, activityRows] = await Promise.all([
    db
      .selectFrom("resource_facets")
      .innerJoin("resource_facet_terms as term", "term.id", "resource_facets.term_id")
      .select(["term.facet", "term.slug", "term.label"])
      .where("resource_facets.resource_id", "=", row.id)
      .orderBy("term.position")
      .orderBy("term.id")
      .execute(),
    db.selectFrom("resource_activities").select(["id", "title", "body_html"]).where("resource_id", "=", row.id).orderBy("position").execute(),
  ]);
  return { row, termRows, activityRows };
}

/** What a viewer's own parts of the page are: their Save control, tools panel, and note on each activity. */
interface ViewerParts {
  save: SaveControl;
  tools: ResourceTools | null;
  noteOn(activity: { id: number; title: string }): TeacherNote;
}

/** The page from its rows, whole (a member's) or the summary and prompt (anyone else's). */
function pageOf(read: ResourceRead, isMember: boolean, own: ViewerParts, prompt: AccessPrompt | null): ResourcePage {
  const { row, termRows, activityRows } = read;
  const facets = RESOURCE_FACETS.map((facet) => ({
    facet,
    label: RESOURCE_FACET_LABELS[facet],
    terms: termRows
      .filter((term) => term.facet === facet)
      .map((term) => ({
        slug: term.slug,
        label: term.label,
        listingUrl: resourceListingUrl({
          terms: { ...emptyFacetSelection(), [facet]: [term.slug] },
          duration: "any",
          sort: "newest",
          page: 1,
        }),
      })),
  })).filter((facet) => facet.terms.length > 0);

  return {
    resource: {
      id: row.id,
      resourceType: row.resource_type,
      resourceTypeLabel: resourceTypeLabel(row.resource_type),
      slug: row.slug,
      title: row.title,
      summary: row.summary,
      bodyHtml: isMember ? row.body_html : "",
      imageUrl: row.image_url,
      imageAlt: row.image_alt,
      durationMinutes: row.duration_minutes,
      publishedAt: row.published_at,
      updatedAt: row.updated_at,
    },
    facets,
    activities: isMember
      ? activityRows.map((activity, index) => ({
          id: activity.id,
          heading: `${index + 1}. ${activity.title}`,
          html: activity.body_html,
          open: index === 0,
          note: own.noteOn(activity),
        }))
      : [],
    media: isMember ? resourceMediaOf(row) : null,
    activityCount: activityRows.length,
    save: own.save,
    tools: isMember ? own.tools : null,
    prompt,
  };
}

/** A published resource's page, or undefined (unknown slug, or not published yet: both 404). `access`: the viewer's, when the caller has it already. */
export async function loadResourcePage(
  db: Kysely<Database>,
  slug: string,
  viewer: Viewer,
  deps: ResourcePageDependencies,
  options: { now?: Date; noteDraft?: NoteDraft; access?: MemberAccess } = {},
): Promise<ResourcePage | undefined> {
  const now = options.now ?? new Date();
  const read = await readResource(db, slug, now);
  if (!read) return undefined;
  const { row, activityRows } = read;
  const signedIn = viewer.constituentId !== null;
  // Saved, notes and live links in one read (own-on-resource.ts), beside the access check; a visitor has none.
  const [mine, access] = await Promise.all([
    signedIn ? ownOnResource(db, viewer.constituentId!, row.id, activityRows.map((activity) => activity.id)) : undefined,
    options.access ?? deps.memberAccess(viewer.constituentId, now, { ownMemberships: viewer.ownMemberships }),
  ]);
  const isMember = access.kind === "member" && signedIn;
  // A non-member's page shows no tools and no activities (pageOf): their notes and links, if they had any, stay unseen.
  const own = viewerPartsOf(row, activityRows.length, viewer, mine ?? NOTHING_OWN, deps, options.noteDraft);
  return pageOf(read, isMember, own, accessPrompt(access, viewer.returnPath, activityRows.length) ?? null);
}

/** What a member's parts of a resource page are made from, kept with its shared page (cache/http/member-pages.ts). */
export interface MemberPageMeta {
  resource: { id: number; resource_type: string; slug: string; title: string };
  activities: { id: number; title: string }[];
}

/** The name of an activity's note part (templates/pages/resource.njk: "note-" ~ activity.id). */
export function notePartName(activityId: number): string {
  return `note-${activityId}`;
}

/** No one in particular: the viewer of the page every member shares, whose own parts are each member's to fill. */
const NOBODY: Viewer = { constituentId: null, csrfToken: "", returnPath: "" };

/**
 * The page every member sees, for the shared render (issue 27): whole, its
 * own parts (Save, tools, notes) a neutral member's, which the render
 * replaces with markers. Undefined as loadResourcePage.
 */
export async function loadSharedMemberPage(db: Kysely<Database>, slug: string, now: Date): Promise<{ page: ResourcePage; meta: MemberPageMeta } | undefined> {
  const read = await readResource(db, slug, now);
  if (!read) return undefined;
  const { row, activityRows } = read;
  const save: SaveControl = { resourceId: row.id, resourceType: row.resource_type, title: row.title, saved: false, signedIn: true, returnPath: "", csrfToken: "" };
  const own: ViewerParts = {
    save,
    tools: memberTools(row, save, NOBODY, { activityCount: activityRows.length, notesCount: 0, shareLinks: {} }),
    noteOn: (activity) => noteFor(activity, NOBODY, new Map(), undefined),
  };
  const meta = {
    resource: { id: row.id, resource_type: row.resource_type, slug: row.slug, title: row.title },
    activities: activityRows.map((activity) => ({ id: activity.id, title: activity.title })),
  };
  return { page: pageOf(read, true, own, null), meta };
}

/** A member's own parts of a resource page, by part name: its tools panel (with Save) and its note on each activity. */
export async function loadMemberParts(
  db: Kysely<Database>,
  meta: MemberPageMeta,
  viewer: Viewer,
  deps: Pick<ResourcePageDependencies, "shareLinkViews">,
  noteDraft?: NoteDraft,
): Promise<Record<string, unknown>> {
  const { resource, activities } = meta;
  // Saved, notes and live links in one read (own-on-resource.ts), as the page rendered whole reads them.
  const mine = await ownOnResource(db, viewer.constituentId!, resource.id, activities.map((activity) => activity.id));
  const own = viewerPartsOf(resource, activities.length, viewer, mine, deps, noteDraft);
  const parts: Record<string, unknown> = { tools: own.tools };
  for (const activity of activities) parts[notePartName(activity.id)] = own.noteOn(activity);
  return parts;
}

/** A visitor's own rows on a resource: none. */
const NOTHING_OWN: OwnOnResource = { saved: false, notes: new Map(), liveTokens: {} };

/** The viewer's Save, tools panel and notes from their own rows: the same for the page rendered whole and for its member parts. */
function viewerPartsOf(
  resource: { id: number; resource_type: string; slug: string; title: string },
  activityCount: number,
  viewer: Viewer,
  mine: OwnOnResource,
  deps: Pick<ResourcePageDependencies, "shareLinkViews">,
  noteDraft: NoteDraft | undefined,
): ViewerParts {
  const save = saveControlOf({ id: resource.id, resourceType: resource.resource_type, title: resource.title }, mine.saved, viewer);
  const shareLinks = deps.shareLinkViews(mine.liveTokens);
  return {
    save,
    tools: memberTools(resource, save, viewer, { activityCount, notesCount: mine.notes.size, shareLinks }),
    noteOn: (activity) => noteFor(activity, viewer, mine.notes, noteDraft),
  };
}

/** The member's note on one activity, with the typed text of a refused save when it was this one. */
function noteFor(activity: { id: number; title: string }, viewer: Viewer, notes: Map<number, string>, draft: NoteDraft | undefined): TeacherNote {
  const refused = draft?.activityId === activity.id ? draft : undefined;
  return {
    activityId: activity.id,
    activityTitle: activity.title,
    userKey: String(viewer.constituentId),
    content: notes.get(activity.id) ?? "",
    csrfToken: viewer.csrfToken,
    returnPath: `${viewer.returnPath}#note-${activity.id}`,
    ...(refused && { error: refused.error, draft: refused.content }),
  };
}
