import { addPerson, inAYear, lastMonth } from "../accounts/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { createMemberAccess, type MemberAccessReader } from "../../../server/memberships/member-access-reader";
import { membershipSuspensions } from "../../../server/memberships/membership-suspensions";
import { addMember, addSchool, crmOf, ids, join } from "./support";

describe.each(databaseEngines)("memberAccess on %s", (engine) => {
  let t: TestApp;
  let memberAccess: MemberAccessReader;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    memberAccess = createMemberAccess({ crm: crmOf(t), ids, suspensions: membershipSuspensions(t.database.db) });
  });
  afterAll(() => t.close());

  it("is signed-out without a person", async () => {
    expect(await memberAccess(null, new Date())).toEqual({ kind: "signed-out" });
  });

  it("counts a person's own valid membership", async () => {
    const id = await addPerson(t.database.db, { email: "own@example.org", membershipExpiresAt: inAYear() });
    expect(await memberAccess(id, new Date())).toEqual({ kind: "member" });
  });

  it("asks the CRM only for the person's own memberships when one of them is valid", async () => {
    const crm = crmOf(t);
    const affiliations = vi.spyOn(crm, "affiliations");
    const memberships = vi.spyOn(crm, "memberships");
    const id = await addPerson(t.database.db, { email: "own-only@example.org", membershipExpiresAt: inAYear() });
    expect(await createMemberAccess({ crm, ids, suspensions: membershipSuspensions(t.database.db) })(id, new Date())).toEqual({ kind: "member" });
    expect(affiliations).not.toHaveBeenCalled();
    expect(memberships).toHaveBeenCalledTimes(1);
  });

  it("says when a person's own membership ended", async () => {
    const ended = lastMonth();
    const id = await addPerson(t.database.db, { email: "lapsed@example.org", membershipExpiresAt: ended });
    expect(await memberAccess(id, new Date())).toEqual({ kind: "expired", expiredOn: ended.toISOString() });
  });

  it("is no-membership for someone with none of their own and no school", async () => {
    const id = await addPerson(t.database.db, { email: "none@example.org" });
    expect(await memberAccess(id, new Date())).toEqual({ kind: "no-membership" });
  });

  it.each(["user", "admin"] as const)("counts a %s seat at a school whose membership is valid", async (role) => {
    const crm = crmOf(t);
    const { schoolId } = await addSchool(t.database.db, crm, { name: `Valid ${role} School`, seats: 5 });
    const id = await addMember(t.database.db, `${role}@valid.example.org`);
    await join(crm, schoolId, id, role);
    expect(await memberAccess(id, new Date())).toEqual({ kind: "member" });
  });

  it("counts a teacher affiliation at a member school", async () => {
    const crm = crmOf(t);
    const { schoolId } = await addSchool(t.database.db, crm, { name: "Teacher School", seats: 5 });
    const id = await addMember(t.database.db, "teacher@valid.example.org");
    await crm.createAffiliation(
      { affiliationTypeId: ids.affiliationTypes.teacher, groupConstituentId: schoolId, individualConstituentId: id, startDate: new Date(Date.now() - 1000), endDate: null, benefitUsageId: null },
      new Date(),
    );
    expect(await memberAccess(id, new Date())).toEqual({ kind: "member" });
  });

  it("is expired once the school's membership has ended, with the date it ended", async () => {
    const crm = crmOf(t);
    const expiresAt = new Date(Date.now() + 60_000);
    const { schoolId } = await addSchool(t.database.db, crm, { name: "Lapsing School", seats: 5, expiresAt });
    const id = await addMember(t.database.db, "user@lapsing.example.org");
    await join(crm, schoolId, id, "user");
    expect(await memberAccess(id, new Date())).toEqual({ kind: "member" });
    // The seat's affiliation ends with the membership; afterwards the page can still say when.
    expect(await memberAccess(id, new Date(expiresAt.getTime() + 86_400_000))).toEqual({ kind: "expired", expiredOn: expiresAt.toISOString() });
  });

  it("is paused while the school's membership is suspended, and a member again once it is lifted", async () => {
    const crm = crmOf(t);
    const suspensions = membershipSuspensions(t.database.db);
    const { schoolId, membershipId } = await addSchool(t.database.db, crm, { name: "Unpaid Invoice School", seats: 5 });
    const id = await addMember(t.database.db, "user@unpaid.example.org");
    await join(crm, schoolId, id, "user");
    expect(await suspensions.suspend(t.database.db, membershipId!, new Date())).toBe(true);
    expect(await suspensions.suspend(t.database.db, membershipId!, new Date())).toBe(false);
    expect(await memberAccess(id, new Date())).toEqual({ kind: "paused" });
    expect(await suspensions.lift(t.database.db, membershipId!)).toBe(true);
    expect(await memberAccess(id, new Date())).toEqual({ kind: "member" });
  });

  it("does not count a school the person has no role at", async () => {
    const crm = crmOf(t);
    await addSchool(t.database.db, crm, { name: "Stranger School", seats: 5 });
    const id = await addMember(t.database.db, "stranger@example.org");
    expect(await memberAccess(id, new Date())).toEqual({ kind: "no-membership" });
  });
});
