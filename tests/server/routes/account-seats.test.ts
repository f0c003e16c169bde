import request from "supertest";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { SIGNED_OUT_MESSAGE } from "../../../server/http/require-user";
import { USAGE_IS_NOT_EDITABLE_MESSAGE } from "../../../server/routes/account-seats";
import { addPerson, browserOnLoginPage, freshToken, setEmailVerifiedAt, signInAs } from "../accounts/support";
import { addSchool, ids, seatRecords } from "../memberships/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";

// The existing requireUser answer (the contract names its machinery).
const signedOut = { success: false, errors: { __all__: [SIGNED_OUT_MESSAGE] } };

describe.each(databaseEngines)("the seat calls on %s", (engine) => {
  let t: TestApp;
  let riverside: { schoolId: number; membershipId?: number };
  let hillcrest: { schoolId: number };
  let independent: { schoolId: number };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    const crm = createSqlCrm(t.database.db, ids);
    riverside = await addSchool(t.database.db, crm, { name: "Riverside", kind: "state", domains: ["riverside.sch.uk"], seats: 2 });
    hillcrest = await addSchool(t.database.db, crm, { name: "Hillcrest", kind: "state", domains: ["hillcrest.sch.uk"] });
    independent = await addSchool(t.database.db, crm, { name: "St Catherine's College", kind: "independent", domains: ["stcatherines.org.uk"] });
  });
  afterAll(() => t.close());

  /** A signed-in browser for a new person, verified unless told otherwise. */
  const signedIn = async (email: string, verified = true) => {
    const id = await addPerson(t.database.db, { email });
    if (verified) await setEmailVerifiedAt(t.database.db, id);
    const { agent, token } = await browserOnLoginPage(t.app);
    await signInAs(agent, token, email);
    return { id, agent, token: await freshToken(agent) };
  };

  const usage = (constituentId: number, membershipId: number, benefitId: number = ids.seatBenefits.userSeat) => ({
    Benefit: { Id: benefitId, Inactive: false, MembershipOrganization: { Id: 1 }, Type: { Id: -2 }, PremiumId: null },
    Constituent: { Id: constituentId },
    Membership: { Id: membershipId },
    TotalCount: 1,
    UsedDateTime: new Date().toISOString(),
  });

  it("answers signed-out calls with 401", async () => {
    const { agent, token } = await browserOnLoginPage(t.app);
    const post = await agent.post("/account/manual-benefit-usage/").set("X-CSRFToken", token).send(usage(1, riverside.membershipId!));
    expect(post.status).toBe(401);
    expect(post.body).toEqual(signedOut);
    const create = await agent.post(`/account/membership-create/${hillcrest.schoolId}/`).set("X-CSRFToken", token).send({ type: "state-school" });
    expect(create.status).toBe(401);
  });

  it("refuses a write without the CSRF header", async () => {
    const { agent } = await signedIn("nocsrf@riverside.sch.uk");
    expect((await agent.post("/account/manual-benefit-usage/").send(usage(1, riverside.membershipId!))).status).toBe(403);
  });

  it("joins with 201, the usage id and the affiliation; the last seat then answers 409 with the spec's message", async () => {
    const first = await signedIn("teacher@riverside.sch.uk");
    const joined = await first.agent.post("/account/manual-benefit-usage/").set("X-CSRFToken", first.token).send(usage(first.id, riverside.membershipId!));
    expect(joined.status).toBe(201);
    expect(joined.body).toEqual({ success: true, details: { Id: expect.any(Number) }, affiliation: { Id: expect.any(Number) } });
    const again = await first.agent.post("/account/manual-benefit-usage/").set("X-CSRFToken", first.token).send(usage(first.id, riverside.membershipId!));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(joined.body);

    const second = await signedIn("second@riverside.sch.uk");
    expect((await second.agent.post("/account/manual-benefit-usage/").set("X-CSRFToken", second.token).send(usage(second.id, riverside.membershipId!))).status).toBe(201);
    const third = await signedIn("third@riverside.sch.uk");
    const before = await seatRecords(t.database.db);
    const full = await third.agent.post("/account/manual-benefit-usage/").set("X-CSRFToken", third.token).send(usage(third.id, riverside.membershipId!));
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ success: false, errors: { __all__: ["No seats available for the membership, needs to be renewed"] } });
    expect(await seatRecords(t.database.db)).toEqual(before);
    expect(t.logLines()).toContainEqual(expect.objectContaining({ level: 40, rule: "seats-available", userId: third.id, schoolId: riverside.schoolId }));
  });

  it("refuses someone else's seat (403), an unverified email (403) and a foreign domain (403)", async () => {
    const me = await signedIn("me@riverside.sch.uk");
    const forOther = await me.agent.post("/account/manual-benefit-usage/").set("X-CSRFToken", me.token).send(usage(me.id + 1000, riverside.membershipId!));
    expect(forOther.status).toBe(403);
    expect(forOther.body.errors.__all__).toEqual(["You can only take a seat for yourself."]);
    const unverified = await signedIn("new@riverside.sch.uk", false);
    const notYet = await unverified.agent.post("/account/manual-benefit-usage/").set("X-CSRFToken", unverified.token).send(usage(unverified.id, riverside.membershipId!));
    expect(notYet.status).toBe(403);
    const foreign = await signedIn("river@gmail.com");
    expect((await foreign.agent.post("/account/manual-benefit-usage/").set("X-CSRFToken", foreign.token).send(usage(foreign.id, riverside.membershipId!))).status).toBe(403);
  });

  it("answers 400 naming the fields when ids are missing or not whole numbers", async () => {
    const me = await signedIn("shape@riverside.sch.uk");
    const response = await me.agent
      .post("/account/manual-benefit-usage/")
      .set("X-CSRFToken", me.token)
      .send({ Benefit: { Id: "301" }, Constituent: { Id: me.id }, Membership: {} });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(["Benefit.Id", "Membership.Id"]);
  });

  it("refuses PUT with 400: a usage changes only with its affiliation", async () => {
    const me = await signedIn("put@riverside.sch.uk");
    const response = await me.agent.put("/account/manual-benefit-usage/").set("X-CSRFToken", me.token).send(usage(me.id, riverside.membershipId!));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, errors: { __all__: [USAGE_IS_NOT_EDITABLE_MESSAGE] } });
  });

  describe("POST /account/membership-create/{id}/", () => {
    it("creates the free state membership (201), then answers the same one (200)", async () => {
      const me = await signedIn("head@hillcrest.sch.uk");
      const created = await me.agent.post(`/account/membership-create/${hillcrest.schoolId}/`).set("X-CSRFToken", me.token).send({ type: "state-school" });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        success: true,
        details: { Id: expect.any(Number), ExpirationDateTime: expect.any(String), Constituent: { Id: hillcrest.schoolId, DisplayName: "Hillcrest" } },
      });
      const again = await me.agent.post(`/account/membership-create/${hillcrest.schoolId}/`).set("X-CSRFToken", me.token).send({ type: "state-school" });
      expect(again.status).toBe(200);
      expect(again.body.details.Id).toBe(created.body.details.Id);
    });

    it("refuses an independent school (403), a wrong type (400) and ids that are not positive whole numbers (404)", async () => {
      const me = await signedIn("bursar@stcatherines.org.uk");
      const post = (path: string, body: object = { type: "state-school" }) => me.agent.post(path).set("X-CSRFToken", me.token).send(body);
      const before = await seatRecords(t.database.db);
      expect((await post(`/account/membership-create/${independent.schoolId}/`)).status).toBe(403);
      expect((await post(`/account/membership-create/${hillcrest.schoolId}/`, { type: "paid" })).status).toBe(400);
      for (const id of ["0", "-3", "abc", "1.5"]) expect((await post(`/account/membership-create/${id}/`)).status).toBe(404);
      expect((await post("/account/membership-create/987654/")).status).toBe(404);
      expect(await seatRecords(t.database.db)).toEqual(before);
    });
  });

  it("is not reachable with a plain request without a session either", async () => {
    expect((await request(t.app).put("/account/manual-benefit-usage/").set("Accept", "application/json")).status).toBe(403);
  });
});
