import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError } from "../lib/options";
import { tokenOf, type LinkType, type ShareLink } from "./share-calls";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type ShareDialogStrings = {
  open: string;
  title: string;
  close: string;
  typeLegend: string;
  student: string;
  studentHint: string;
  teacher: string;
  teacherHint: string;
  create: string;
  studentLinkLabel: string;
  teacherLinkLabel: string;
  copy: string;
  /** Exact (spec). */
  copied: string;
  /** Exact (spec). */
  copyFailed: string;
  revoke: string;
  /** Revoke asks first, in place of the buttons. */
  confirmRevoke: string;
  confirmRevokeYes: string;
  keepLink: string;
  revoked: string;
  /** Not in the spec (it only logs): the person must know no link was made. */
  createFailed: string;
  revokeFailed: string;
};

export const SHARE_DIALOG_STRINGS: ShareDialogStrings = {
  open: "Share",
  title: "Share this resource",
  close: "Close",
  typeLegend: "Who is this link for?",
  student: "Students",
  studentHint: "Student links go to your students: they open without signing in and include your notes on the activities.",
  teacher: "Colleagues who are members",
  teacherHint: "Teacher links are for members and colleagues only: whoever opens one signs in with a membership.",
  create: "Create link",
  studentLinkLabel: "Link for students",
  teacherLinkLabel: "Link for colleagues",
  copy: "Copy link",
  copied: "Link copied to clipboard!",
  copyFailed: "Failed to copy link. Please try again.",
  revoke: "Revoke link",
  confirmRevoke: "Revoke this link? Anyone who opens it will see a page saying it no longer works.",
  confirmRevokeYes: "Yes, revoke link",
  keepLink: "Keep link",
  revoked: "Link revoked. Anyone who opens it now sees a page saying it no longer works.",
  createFailed: "The link could not be created. Please try again.",
  revokeFailed: "The link could not be revoked. Please try again.",
};

export interface ShareDialogProps {
  resourceId: number;
  resourceType: string;
  resourceTitle: string;
  /** The links the page already knows: shown without a call (generated once, then reused). */
  knownLinks: Record<LinkType, ShareLink | null>;
  generateEndpoint: string;
  /** The revoke path with `{token}` in it. */
  revokeEndpoint: string;
  strings: ShareDialogStrings;
}

const shareDialogOptions = {
  resourceId: { type: "number", default: 0, min: 1 },
  resourceType: { type: "string", default: "" },
  resourceTitle: { type: "string", default: "" },
  studentLink: { type: "string", default: "" },
  teacherLink: { type: "string", default: "" },
  studentToken: { type: "string", default: "" },
  teacherToken: { type: "string", default: "" },
  generateEndpoint: { type: "string", default: "/resources/generate-shareable-link/" },
  revokeEndpoint: { type: "string", default: "/resources/shared/{token}/revoke/" },
} as const;

function knownLink(link: string, token: string): ShareLink | null {
  const trimmed = link.trim();
  if (trimmed === "") return null;
  return { link: trimmed, token: token.trim() || tokenOf(trimmed) };
}

/**
 * Reads `data-widget="share-dialog"` (templates/macros/share-dialog.njk):
 * data-resource-id, data-resource-type, data-resource-title, data-student-link,
 * data-teacher-link, data-student-token, data-teacher-token,
 * data-generate-endpoint, data-revoke-endpoint and data-i18n-*.
 */
export function parseShareDialog(root: HTMLElement): ShareDialogProps {
  const options = readOptions(root, shareDialogOptions);
  if (options.resourceId < 1) throw new WidgetConfigError("share-dialog needs data-resource-id, the resource's whole-number id");
  if (options.resourceType.trim() === "") throw new WidgetConfigError('share-dialog needs data-resource-type, e.g. "lesson-plan"');
  if (!options.revokeEndpoint.includes("{token}")) throw new WidgetConfigError("share-dialog's data-revoke-endpoint needs {token} where the link's token goes");
  return {
    resourceId: options.resourceId,
    resourceType: options.resourceType.trim(),
    resourceTitle: options.resourceTitle.trim(),
    knownLinks: {
      student: knownLink(options.studentLink, options.studentToken),
      teacher: knownLink(options.teacherLink, options.teacherToken),
    },
    generateEndpoint: options.generateEndpoint,
    revokeEndpoint: options.revokeEndpoint,
    strings: readI18n(root, SHARE_DIALOG_STRINGS),
  };
}
