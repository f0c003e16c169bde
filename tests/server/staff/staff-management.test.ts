import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { enrolledStaff } from "./support";

/*
 * "There is always at least one owner" (issue 28) when two owners act at the
 * same moment: each demotes the other, or removes the other, at once; the
 * exclusive transaction lets exactly one of them through.
 */

describe.each(databaseEngines)("owners acting at once on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(() => t.close());

  const idOf = async (email: string) => (await t.database.db.selectFrom("staff_accounts").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  const owners = async () => (await t.database.db.selectFrom("staff_accounts").select("email").where("role", "=", "owner").execute()).length;

  it.each(["demote", "remove"] as const)("two owners who %s each other at once leave one owner", async (action) => {
    await t.database.db.deleteFrom("staff_accounts").execute();
    const [first, second] = [await enrolledStaff(t, "owner", `${action}-a`), await enrolledStaff(t, "owner", `${action}-b`)];
    const [a, b] = [await idOf(first.email), await idOf(second.email)];
    const staff = t.services.features.staff;
    const act = (actor: number, target: number) => (action === "demote" ? staff.changeRole(actor, target, "support", "127.0.0.1") : staff.remove(actor, target, "127.0.0.1"));
    const answers = await Promise.all([act(a, b), act(b, a)]);
    expect(answers.filter((answer) => "ok" in answer && answer.ok === false).map((answer) => ("reason" in answer ? answer.reason : ""))).toEqual([expect.stringMatching(/conflict|forbidden/)]);
    expect(await owners()).toBe(1);
  });
});
