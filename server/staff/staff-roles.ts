/*
 * What each staff role may do (issue 28, docs/back-office.md): the one place
 * the back office's permissions are decided. Roles are ordered, each holding
 * everything the one below it holds, and each action names the least role
 * that may take it. The server asks these rules before every action, whatever
 * the page showed; pages ask them too, only to leave out what would be refused.
 * Pure: no I/O.
 */

/** Least privilege first: each role may do all that the roles before it may. */
export const STAFF_ROLES = ["support", "membership", "finance", "owner"] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  support: "Support",
  membership: "Membership",
  finance: "Finance",
  owner: "Owner",
};

/** What each role adds to the one before it, as the staff page explains it. */
export const STAFF_ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  support: "Reads people and schools, resends verification and password-reset links, answers requests.",
  membership: "Support, plus school domains, memberships, seats, admins, complimentary memberships and erasing accounts.",
  finance: "Membership, plus orders, refunds and invoices.",
  owner: "Finance, plus staff accounts and the register import.",
};

/** Every action the back office offers, and the least role that may take it. */
export const STAFF_ACTIONS = {
  "view-dashboard": "support",
  "read-people-and-schools": "support",
  "resend-account-links": "support",
  "answer-requests": "support",
  "manage-school-domains": "membership",
  "manage-memberships": "membership",
  "manage-seats": "membership",
  "manage-school-admins": "membership",
  "grant-complimentary-memberships": "membership",
  /** UK GDPR erasure of a person's account, as "Delete my account" does it. */
  "erase-accounts": "membership",
  "manage-orders": "finance",
  "refund-orders": "finance",
  "issue-invoices": "finance",
  "manage-staff": "owner",
  "import-register": "owner",
} as const satisfies Record<string, StaffRole>;

export type StaffAction = keyof typeof STAFF_ACTIONS;

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/** 0 for support up to 3 for owner. */
export function roleRank(role: StaffRole): number {
  return STAFF_ROLES.indexOf(role);
}

export function roleAllows(role: StaffRole, action: StaffAction): boolean {
  return roleRank(role) >= roleRank(STAFF_ACTIONS[action]);
}

/** The actions a role may take, in the order STAFF_ACTIONS lists them. */
export function actionsOf(role: StaffRole): StaffAction[] {
  return (Object.keys(STAFF_ACTIONS) as StaffAction[]).filter((action) => roleAllows(role, action));
}

export interface StaffMemberRole {
  id: number;
  role: StaffRole;
}

/** Why a change to the staff is refused; each has its sentence in staff-management.ts. */
export type StaffChangeProblem =
  /** The actor's role may not manage staff. */
  | "not-allowed"
  /** Nobody raises their own role, whatever their role. */
  | "raises-own-role"
  /** It would leave the back office without an owner. */
  | "last-owner"
  /** The account already has that role. */
  | "unchanged";

/**
 * Whether `actor` may give `target` the role `newRole`, with `owners` owners
 * on the staff now. Raising one's own role is refused before anything else,
 * so it is refused for every role.
 */
export function roleChangeProblem(change: { actor: StaffMemberRole; target: StaffMemberRole; newRole: StaffRole; owners: number }): StaffChangeProblem | undefined {
  const { actor, target, newRole, owners } = change;
  if (actor.id === target.id && roleRank(newRole) > roleRank(actor.role)) return "raises-own-role";
  if (!roleAllows(actor.role, "manage-staff")) return "not-allowed";
  if (newRole === target.role) return "unchanged";
  if (target.role === "owner" && owners <= 1) return "last-owner";
  return undefined;
}

/** Whether `actor` may remove `target` from the staff, with `owners` owners now. */
export function removalProblem(removal: { actor: StaffMemberRole; target: StaffMemberRole; owners: number }): StaffChangeProblem | undefined {
  const { actor, target, owners } = removal;
  if (!roleAllows(actor.role, "manage-staff")) return "not-allowed";
  if (target.role === "owner" && owners <= 1) return "last-owner";
  return undefined;
}

/** Whether `actor` may invite someone (any role, owner included: an owner may make another owner). */
export function invitationProblem(actor: StaffMemberRole): StaffChangeProblem | undefined {
  return roleAllows(actor.role, "manage-staff") ? undefined : "not-allowed";
}
