import { addPerson, inAYear, lastMonth } from "../accounts/support";
import { addMember, addSchool, crmOf, ids, join } from "../memberships/support";
import { createMemberAccess, type MemberAccessCheck } from "../../../server/memberships/member-access";
import { createTestApp, type TestApp } from "../support/test-app";

describe("memberAccess", () => {
  let t: TestApp;
  let memberAccess: MemberAccessCheck;

  beforeAll(async () => {
    t = await createTestApp();
    memberAccess = createMemberAccess({ db: t.database.db, crm: crmOf(t), ids });
  });
  afterAll(() => t.close());

  it("is signed-out without a person", async () => {
    expect(await memberAccess(null, new Date())).toEqual({ kind: "signed-out" });
  });

  it("counts a valid membership of one's own, and reports an ended one with its expiry", async () => {
    const member = await addPerson(t.database.db, { email: "own@example.org", membershipExpiresAt: inAYear() });
    expect(await memberAccess(member, new Date())).toEqual({ kind: "member" });
    const ended = lastMonth();
    const lapsed = await addPerson(t.database.db, { email: "lapsed@example.org", membershipExpiresAt: ended });
    expect(await memberAccess(lapsed, new Date())).toEqual({ kind: "expired", expiredOn: ended.toISOString() });
  });

  it("is no-membership for someone with neither their own nor a school's", async () => {
    const nobody = await addPerson(t.database.db, { email: "nobody@example.org" });
    expect(await memberAccess(nobody, new Date())).toEqual({ kind: "no-membership" });
  });

  it("counts a current role at a school whose membership is valid now, and not once it has ended", async () => {
    const crm = crmOf(t);
    const { schoolId } = await addSchool(t.database.db, crm, { name: "York School", seats: 3 });
    const teacher = await addMember(t.database.db, "teacher@york.example");
    await join(crm, schoolId, teacher, "user");
    expect(await memberAccess(teacher, new Date())).toEqual({ kind: "member" });
    // A year and a day on, the school's membership (and the seat it paid for) has ended.
    const later = new Date(Date.now() + 366 * 86_400_000);
    expect((await memberAccess(teacher, later)).kind).not.toBe("member");
  });
});
