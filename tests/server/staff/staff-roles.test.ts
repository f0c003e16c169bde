import {
  actionsOf,
  invitationProblem,
  isStaffRole,
  removalProblem,
  roleAllows,
  roleChangeProblem,
  STAFF_ACTIONS,
  STAFF_ROLES,
  type StaffAction,
  type StaffRole,
} from "../../../server/staff/staff-roles";

/*
 * Every role rule of the back office (issue 28): what each of the four roles
 * may do, action by action, and who may change whose role, invite and remove.
 */

/** The list, written out in full: each role, and exactly what it may do. */
const expected: Record<StaffRole, StaffAction[]> = {
  support: ["view-dashboard", "read-people-and-schools", "resend-account-links", "answer-requests"],
  membership: [
    "view-dashboard",
    "read-people-and-schools",
    "resend-account-links",
    "answer-requests",
    "manage-school-domains",
    "manage-memberships",
    "manage-seats",
    "manage-school-admins",
    "grant-complimentary-memberships",
    "erase-accounts",
  ],
  finance: [
    "view-dashboard",
    "read-people-and-schools",
    "resend-account-links",
    "answer-requests",
    "manage-school-domains",
    "manage-memberships",
    "manage-seats",
    "manage-school-admins",
    "grant-complimentary-memberships",
    "erase-accounts",
    "manage-orders",
    "refund-orders",
    "issue-invoices",
  ],
  owner: Object.keys(STAFF_ACTIONS) as StaffAction[],
};

const allActions = Object.keys(STAFF_ACTIONS) as StaffAction[];

describe("what each staff role may do", () => {
  it("has four roles, least privilege first", () => {
    expect(STAFF_ROLES).toEqual(["support", "membership", "finance", "owner"]);
  });

  describe.each(STAFF_ROLES)("%s", (role) => {
    it.each(allActions)(`may or may not: %s`, (action) => {
      expect(roleAllows(role, action)).toBe(expected[role].includes(action));
    });

    it("lists exactly its actions", () => {
      expect(actionsOf(role)).toEqual(expected[role]);
    });
  });

  it("gives each role everything the role below it has", () => {
    for (let index = 1; index < STAFF_ROLES.length; index += 1) {
      const below = actionsOf(STAFF_ROLES[index - 1]!);
      expect(actionsOf(STAFF_ROLES[index]!)).toEqual(expect.arrayContaining(below));
    }
  });

  it("only owners manage staff and import the register; only finance and owners refund", () => {
    expect(STAFF_ROLES.filter((role) => roleAllows(role, "manage-staff"))).toEqual(["owner"]);
    expect(STAFF_ROLES.filter((role) => roleAllows(role, "import-register"))).toEqual(["owner"]);
    expect(STAFF_ROLES.filter((role) => roleAllows(role, "refund-orders"))).toEqual(["finance", "owner"]);
  });

  it("knows a role from anything else", () => {
    for (const role of STAFF_ROLES) expect(isStaffRole(role)).toBe(true);
    for (const other of ["Owner", "admin", "", " owner", null, undefined, 3, ["owner"]]) expect(isStaffRole(other)).toBe(false);
  });
});

describe("changing a role", () => {
  const owner = { id: 1, role: "owner" as const };
  const secondOwner = { id: 2, role: "owner" as const };
  const finance = { id: 3, role: "finance" as const };
  const support = { id: 4, role: "support" as const };

  it("lets an owner give anyone else any role", () => {
    for (const newRole of STAFF_ROLES.filter((role) => role !== "finance")) {
      expect(roleChangeProblem({ actor: owner, target: finance, newRole, owners: 1 })).toBeUndefined();
    }
    expect(roleChangeProblem({ actor: owner, target: secondOwner, newRole: "support", owners: 2 })).toBeUndefined();
  });

  it("lets an owner lower their own role while another owner remains", () => {
    expect(roleChangeProblem({ actor: owner, target: owner, newRole: "finance", owners: 2 })).toBeUndefined();
  });

  it("never lets the last owner stop being one, by their own hand or another's", () => {
    expect(roleChangeProblem({ actor: owner, target: owner, newRole: "membership", owners: 1 })).toBe("last-owner");
  });

  it("refuses anyone who is not an owner, whatever the change", () => {
    for (const actor of [support, finance, { id: 5, role: "membership" as const }]) {
      expect(roleChangeProblem({ actor, target: owner, newRole: "support", owners: 2 })).toBe("not-allowed");
      expect(roleChangeProblem({ actor, target: { id: 6, role: "support" }, newRole: "finance", owners: 1 })).toBe("not-allowed");
      // Lowering their own role is still managing staff.
      expect(roleChangeProblem({ actor, target: actor, newRole: "support", owners: 1 })).toBe("not-allowed");
    }
  });

  it("refuses raising one's own role, for every role, before anything else", () => {
    expect(roleChangeProblem({ actor: support, target: support, newRole: "owner", owners: 1 })).toBe("raises-own-role");
    expect(roleChangeProblem({ actor: support, target: support, newRole: "membership", owners: 1 })).toBe("raises-own-role");
    expect(roleChangeProblem({ actor: finance, target: finance, newRole: "owner", owners: 1 })).toBe("raises-own-role");
    // An owner cannot go higher: setting their own role to owner is no raise, only no change.
    expect(roleChangeProblem({ actor: owner, target: owner, newRole: "owner", owners: 1 })).toBe("unchanged");
  });

  it("says when the role is already the one asked for", () => {
    expect(roleChangeProblem({ actor: owner, target: finance, newRole: "finance", owners: 1 })).toBe("unchanged");
  });
});

describe("removing someone from the staff", () => {
  const owner = { id: 1, role: "owner" as const };

  it("lets an owner remove anyone but the last owner, themselves included", () => {
    expect(removalProblem({ actor: owner, target: { id: 3, role: "finance" }, owners: 1 })).toBeUndefined();
    expect(removalProblem({ actor: owner, target: { id: 2, role: "owner" }, owners: 2 })).toBeUndefined();
    expect(removalProblem({ actor: owner, target: owner, owners: 2 })).toBeUndefined();
    expect(removalProblem({ actor: owner, target: owner, owners: 1 })).toBe("last-owner");
  });

  it("refuses anyone who is not an owner", () => {
    for (const role of ["support", "membership", "finance"] as const) {
      expect(removalProblem({ actor: { id: 9, role }, target: { id: 3, role: "support" }, owners: 1 })).toBe("not-allowed");
    }
  });
});

describe("inviting someone to the staff", () => {
  it("is for owners alone", () => {
    expect(STAFF_ROLES.filter((role) => invitationProblem({ id: 1, role }) === undefined)).toEqual(["owner"]);
  });
});
