import { formatLondonDate } from "../../domain/membership-status";
import { accessActions, type AccessAction } from "../resource-access-prompt";
import type { MemberAccess } from "../../memberships";

/* What people are told about share links (docs/resources.md "Share links"). */

export const LINK_CREATED_NOTICE = "Link created. Copy it from the box below.";
export const LINK_REVOKED_NOTICE = "Link revoked.";
export const LINK_INACTIVE_MESSAGE = "This link is no longer active. Ask your teacher for a new link.";
/** The revoked link's page (410): what the share dialog promises, "a page saying it no longer works". */
export const LINK_REVOKED_TITLE = "This link no longer works";
export const LINK_REVOKED_MESSAGES = {
  student: "This link no longer works. Ask your teacher for a new one.",
  teacher: "This link no longer works. Ask the colleague who shared it for a new one.",
} as const;
/** The no-JavaScript revoke form's confirmation page. */
export const REVOKE_CONFIRM_TITLE = "Revoke this link?";
export const REVOKE_CONFIRM_MESSAGE = "Anyone who opens it will see a page saying it no longer works. This cannot be undone; you can make a new link afterwards.";
export const REVOKE_CONFIRM_BUTTON = "Revoke link";
export const SHARE_FIELDS_INVALID_MESSAGE = "Choose a student or teacher link for this resource and try again.";
export const UNKNOWN_SHARE_RESOURCE_MESSAGE = "That resource does not exist.";

const PAUSED_MESSAGE = "Your school's membership is paused until its invoice is paid. Ask your school's office to pay it: access comes back as soon as it is paid.";

/** Why someone signed in may not share (403): join, or renew an ended membership. */
export function notMemberShareMessage(access: MemberAccess): string {
  if (access.kind === "expired") {
    return `Your membership ended on ${formatLondonDate(access.expiredOn)}. Renew it to share resources.`;
  }
  if (access.kind === "paused") return PAUSED_MESSAGE;
  return "Only members can share resources. Join, or ask your school to add you, to share links.";
}

/** What templates/pages/resource-members-only.njk renders. */
export interface MembersOnlyPage {
  message: string;
  actions: AccessAction[];
}

/**
 * Why a teacher link did not open for someone signed in (403), and the way
 * on that fits: join, or renew and come back to the link.
 */
export function teacherLinkMembersOnlyPage(access: MemberAccess, linkPath: string): MembersOnlyPage {
  const message =
    access.kind === "expired"
      ? `Teacher links open for members only, and your membership ended on ${formatLondonDate(access.expiredOn)}. Renew it to open this resource.`
      : access.kind === "paused"
        ? PAUSED_MESSAGE
        : "Teacher links open for members only. Join, or ask your school to add you, to open this resource.";
  return { message, actions: accessActions(access, linkPath) };
}
