import type { CrmPort } from "../../../server/crm/crm-port";
import { addPerson, browserOnLoginPage, strongPassword } from "../accounts/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { addSchool, crmOf, join } from "./support";

describe.each(databaseEngines)("the login answer for school members on %s", (engine) => {
  let t: TestApp;
  let crm: CrmPort;
  let expiry: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    crm = crmOf(t);
    const school = await addSchool(t.database.db, crm, { name: "Riverside Academy", seats: 5 });
    expiry = (await crm.membershipSummary(school.membershipId))!.ExpirationDateTime;
    const teacher = await addPerson(t.database.db, { email: "teacher@example.org" });
    const head = await addPerson(t.database.db, { email: "head@example.org" });
    await join(crm, school.schoolId, teacher, "user");
    await join(crm, school.schoolId, head, "user");
    await join(crm, school.schoolId, head, "admin");
  });
  afterAll(() => t.close());

  const login = async (email: string) => {
    const { agent, token } = await browserOnLoginPage(t.app);
    return agent.post("/account/login/").set("X-CSRFToken", token).send({ email, password: strongPassword, next: "/resources/" });
  };

  it.each([
    ["teacher@example.org", "user"],
    ["head@example.org", "admin"],
  ])("answers %s's role at the school and the school's membership expiry", async (email, role) => {
    const response = await login(email);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ IsLoggedIn: true, affiliation_type: role, school_membership_data: { ExpirationDateTime: expiry } });
  });
});
