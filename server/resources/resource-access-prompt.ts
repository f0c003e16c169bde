import type { MemberAccess } from "../domain/member-access";
import { formatLondonDate } from "../domain/membership-status";

/*
 * What a resource page says to someone who is not a member (issue 13): which
 * case applies, why, and the way on. Pure: the page model passes it through.
 */

export const REGISTER_PATH = "/account/register/";

export interface AccessPrompt {
  kind: Exclude<MemberAccess["kind"], "member">;
  heading: string;
  /** Plain text paragraphs; the template escapes them. */
  reason: string;
  actions: { href: string; label: string; primary: boolean }[];
}

export type AccessAction = AccessPrompt["actions"][number];

/** The prompt for a non-member on the page at `pagePath` (path and query), or undefined for a member. */
export function accessPrompt(access: MemberAccess, pagePath: string, activityCount: number): AccessPrompt | undefined {
  const whole = activityCount > 0 ? `The full resource, with its ${activityCount === 1 ? "activity" : `${activityCount} activities`},` : "The full resource";
  const actions = accessActions(access, pagePath);
  switch (access.kind) {
    case "member":
      return undefined;
    case "signed-out":
      return {
        kind: "signed-out",
        heading: "Sign in or join to see the whole resource",
        reason: `${whole} is for members. You are not signed in: sign in if you are a member (yourself or through your school), or join to become one.`,
        actions,
      };
    case "no-membership":
      return {
        kind: "no-membership",
        heading: "Join to see the whole resource",
        reason: `${whole} is for members. You are signed in, but you have no membership, of your own or through a school.`,
        actions,
      };
    case "expired":
      return {
        kind: "expired",
        heading: "Renew to see the whole resource",
        reason: `${whole} is for members. Your membership ended on ${formatLondonDate(access.expiredOn)}. Renew it, or join through your school, to see it again.`,
        actions,
      };
    case "paused":
      return {
        kind: "paused",
        heading: "Your school's membership is paused",
        reason: `${whole} is for members. Your school's membership is paused because its invoice has not been paid. Ask your school's office to pay it: access comes back as soon as it is paid.`,
        actions,
      };
  }
}

/**
 * The way on for a non-member, coming back to `pagePath` afterwards: sign in
 * or join, join, or renew. None for a member. The resource page's prompt and
 * a teacher link's members-only page both offer these.
 */
export function accessActions(access: MemberAccess, pagePath: string): AccessAction[] {
  const next = encodeURIComponent(pagePath);
  switch (access.kind) {
    case "member":
      return [];
    case "signed-out":
      return [
        { href: `/account/login/?next=${next}`, label: "Sign in", primary: true },
        { href: REGISTER_PATH, label: "Join", primary: false },
      ];
    case "no-membership":
      return [{ href: REGISTER_PATH, label: "Join", primary: true }];
    case "expired":
      return [{ href: `${REGISTER_PATH}?link-school=true&next=${next}`, label: "Renew your membership", primary: true }];
    case "paused":
      return [{ href: "/account/my-account/#school", label: "See your school's membership", primary: true }];
  }
}
