import request from "supertest";
import { SIGNED_OUT_MESSAGE } from "../../../server/accounts/messages";
import { CRM_IDS } from "../../../server/crm/crm-ids";
import type { CrmPort } from "../../../server/crm/crm-port";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { takeSeat } from "../../../server/schools/seats/school-seats";
import { SchoolRegister } from "../../../server/schools/school-register";
import { addPerson, setEmailVerifiedAt } from "../accounts/support";
import { jsonCall, signedInBrowser, type Agent } from "../my-account/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";

const ids = CRM_IDS.test;
const DAY = 86_400_000;
// The site's one signed-out answer (server/http/require-user.ts).
const SIGNED_OUT = { success: false, errors: { __all__: [SIGNED_OUT_MESSAGE] } };

describe.each(databaseEngines)("the wizard's school-record calls on %s", (engine) => {
  let t: TestApp;
  let crm: CrmPort;
  let jo: { agent: Agent; token: string; id: number };
  let sam: { agent: Agent; token: string; id: number };
  let schoolId: number;
  let lapsedSchoolId: number;
  let membershipId: number;

  const get = (browser: { agent: Agent }, path: string) => browser.agent.get(path).set("Accept", "application/json");
  const warnings = () => t.logLines().filter((line) => line.level === 40 && line.msg === "school records: refused");

  beforeAll(async () => {
    t = await createTestApp({ engine });
    crm = createSqlCrm(t.database.db, ids);
    const now = new Date();
    const joId = await addPerson(t.database.db, { email: "jo@brook.sch.uk" });
    const samId = await addPerson(t.database.db, { email: "sam@example.org", firstName: "Sam" });

    // A register school with two user seats, one taken by Sam, and an admin (Sam).
    schoolId = (await crm.createOrganisation({ LastName: "Brook Primary School", Addresses: [{ Street1: "1 Mill Lane", Street2: "Brookside", City: "Leeds", PostalCode: "LS1 2AB" }] }, now)).Id;
    await new SchoolRegister(t.database.db).save(
      { constituent_id: schoolId, urn: "123456", kind: "state", name: "Brook Primary School", street1: "1 Mill Lane", street2: "Brookside", street3: "", city: "Leeds", postcode: "LS1 2AB" },
      now,
    );
    await crm.replaceAttributes(schoolId, ids.emailDomainKeywordId, ["brook.sch.uk"]);
    membershipId = (
      await crm.createMembership({
        constituentId: schoolId,
        levelId: ids.membershipLevels.seatLevels[1]!.id,
        initiation: now,
        expiration: new Date(now.getTime() + 365 * DAY),
        seats: [
          { benefitId: ids.seatBenefits.userSeat, available: 2 },
          { benefitId: ids.seatBenefits.adminSeat, available: 1 },
        ],
      })
    ).Id;
    await takeSeat(crm, ids, { schoolId, personId: samId, role: "user", now });
    await takeSeat(crm, ids, { schoolId, personId: samId, role: "admin", now });

    // A school whose only membership ran out last month.
    lapsedSchoolId = (await crm.createOrganisation({ LastName: "Old Mill School", Addresses: [{ Street1: "2 Wharf St", City: "York", PostalCode: "YO1 1AA" }] }, now)).Id;
    await crm.createMembership({
      constituentId: lapsedSchoolId,
      levelId: ids.membershipLevels.stateSchool,
      initiation: new Date(now.getTime() - 400 * DAY),
      expiration: new Date(now.getTime() - 30 * DAY),
      seats: [{ benefitId: ids.seatBenefits.userSeat, available: "unlimited" }],
    });

    jo = { ...(await signedInBrowser(t.app, "jo@brook.sch.uk")), id: joId };
    sam = { ...(await signedInBrowser(t.app, "sam@example.org")), id: samId };
  });
  afterAll(() => t.close());

  it("answers 401 with the sign-in message to a signed-out caller of every personal call", async () => {
    const browser = request.agent(t.app);
    const calls = [
      browser.get("/account/constituent-search/?type=basic&op=Like&post=LS12AB"),
      browser.get(`/account/constituent-detail/${schoolId}/`),
      browser.get(`/account/membership-summary/${schoolId}/`),
      browser.get(`/account/benefits-number-of-seats/${membershipId}/`),
      browser.get(`/account/attributes/${schoolId}/?keywordIds=671`),
    ];
    for (const call of calls) {
      const response = await call.set("Accept", "application/json");
      expect(response.status).toBe(401);
      expect(response.body).toEqual(SIGNED_OUT);
    }
    // Writes: the CSRF check comes first for a browser without a session token, so sign-in is checked with a token.
    const withToken = await signedInBrowser(t.app, "jo@brook.sch.uk");
    await withToken.agent.post("/account/logout/").set("Accept", "application/json").set("X-CSRFToken", withToken.token);
    const outToken = (await withToken.agent.get("/account/login/")).text.match(/name="csrf-token" content="([^"]+)"/)?.[1];
    for (const [method, path] of [["post", "/account/school-check"], ["post", "/account/create-constituent/"], ["post", "/account/create-address/"], ["put", "/account/update-address/1/"]] as const) {
      const response = await jsonCall(withToken.agent, method, path, outToken, {});
      expect(response.status).toBe(401);
      expect(response.body).toEqual(SIGNED_OUT);
    }
  });

  it("serves countries and states publicly, cacheable", async () => {
    const countries = await request(t.app).get("/account/countries/");
    expect(countries.status).toBe(200);
    expect(countries.headers["cache-control"]).toBe("public, max-age=3600");
    expect(countries.body.countries).toContainEqual({ Id: 209, Description: "United Kingdom" });
    const states = await request(t.app).get("/account/states/");
    expect(states.body.states).toContainEqual({ Id: expect.any(Number), Description: "Ontario", Country: { Id: 38 } });
  });

  it("says who is signed in, with their constituent id and whether the email is verified", async () => {
    const status = await get(jo, "/account/session-status/?constituentId=1");
    expect(status.body).toEqual({ success: true, session_data: { login_info: { email: "jo@brook.sch.uk" } }, constituentId: jo.id, emailVerified: false });
    const signedOut = await request(t.app).get("/account/session-status/").set("Accept", "application/json");
    expect(signedOut.body).toEqual({ success: true, session_data: { login_info: null } });
  });

  it("finds an organisation by postcode, ignoring spaces and case, and says when there is none", async () => {
    const found = await get(jo, "/account/constituent-search/?type=basic&op=Like&post=ls1%202ab");
    expect(found.body).toEqual({ success: true, Id: schoolId });
    const none = await get(jo, "/account/constituent-search/?type=basic&op=Like&post=ZZ9%209ZZ");
    expect(none.body).toEqual({ success: false });
    const missing = await get(jo, "/account/constituent-search/?type=basic&op=Like");
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ post: ["Enter a postcode to search for."] });
  });

  it("describes an organisation to anyone signed in, a person only to themselves", async () => {
    const school = await get(jo, `/account/constituent-detail/${schoolId}/`);
    expect(school.status).toBe(200);
    expect(school.body.details).toMatchObject({ Id: schoolId, DisplayName: "Brook Primary School", SortName: "Brook Primary School" });
    expect(school.body.details.Addresses[0]).toMatchObject({ Street1: "1 Mill Lane", City: "Leeds", PostalCode: "LS1 2AB", Country: { Id: 209 }, Constituent: { Id: schoolId } });

    const own = await get(jo, `/account/constituent-detail/${jo.id}/`);
    expect(own.body.details).toEqual({ Id: jo.id, DisplayName: "Jo Baptiste", SortName: "Baptiste/Jo", Addresses: [] });

    const other = await get(jo, `/account/constituent-detail/${sam.id}/`);
    // Someone else's record is answered as a missing one (no id probing); only the log tells them apart.
    expect(other.status).toBe(404);
    expect(other.body).toEqual((await get(jo, "/account/constituent-detail/999999/")).body);
    expect(warnings()).toContainEqual(expect.objectContaining({ userId: jo.id, rule: "constituent-detail-own-only", constituentId: sam.id }));

    for (const id of ["999999", "0", "abc", "-1", "1.5"]) expect((await get(jo, `/account/constituent-detail/${id}/`)).status).toBe(404);
  });

  it("checks a school: its address, type, URN, membership, seats and whether it has an admin", async () => {
    const response = await jsonCall(jo.agent, "post", "/account/school-check", jo.token, { constituentId: schoolId });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.school).toEqual({
      name: "Brook Primary School",
      addressLine1: "1 Mill Lane",
      addressLine2: "Brookside",
      addressLine3: "",
      city: "Leeds",
      state: null,
      county: null,
      postalCode: "LS1 2AB",
      country: 209,
      type: "state",
      URN: "123456",
      constituentId: schoolId,
      membershipDetails: { Id: membershipId, ExpirationDateTime: expect.any(String), Constituent: { DisplayName: "Brook Primary School", SortName: "Brook Primary School" } },
      totalAvailable: 2,
      benefitUsage: 1,
      hasAdmin: true,
    });

    const lapsed = await jsonCall(jo.agent, "post", "/account/school-check", jo.token, { constituentId: String(lapsedSchoolId) });
    expect(lapsed.body.school).toMatchObject({ type: null, URN: null, membershipDetails: null, totalAvailable: 0, benefitUsage: 0, hasAdmin: false });

    const person = await jsonCall(jo.agent, "post", "/account/school-check", jo.token, { constituentId: sam.id });
    expect(person.status).toBe(404);
    const bad = await jsonCall(jo.agent, "post", "/account/school-check", jo.token, { constituentId: "first" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ constituentId: ["Choose a school first, then try again."] });
  });

  const manualSchool = (overrides: Record<string, unknown> = {}, address: Record<string, unknown> = {}) => ({
    ConstituentType: { Id: 1 },
    OriginalSource: { Id: 3 },
    LastName: "Escola Nova",
    Addresses: [{ Street1: "Rua Augusta 10", Street2: "", PostalCode: "1100-053", City: "Lisboa", Country: { Id: 175 }, State: null, ...address }],
    ElectronicAddresses: [],
    ...overrides,
  });

  it("creates a school typed in by hand as an organisation outside the register, recording who created it", async () => {
    const response = await jsonCall(jo.agent, "post", "/account/create-constituent/", jo.token, manualSchool());
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true, data: { Id: expect.any(Number) } });
    const id = response.body.data.Id as number;
    const row = await t.database.db.selectFrom("constituents").select(["kind", "last_name"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: "organisation", last_name: "Escola Nova" }); // ConstituentType 1 (individual) was ignored
    expect(await t.database.db.selectFrom("schools").select("urn").where("constituent_id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(await t.database.db.selectFrom("organisation_creators").select("created_by").where("organisation_id", "=", id).executeTakeFirst()).toEqual({ created_by: jo.id });
    const detail = await crm.constituentDetail(id);
    expect(detail!.Addresses[0]).toMatchObject({ Street1: "Rua Augusta 10", City: "Lisboa", PostalCode: "1100-053", Country: { Id: 175 }, State: null, PrimaryIndicator: true });

    // No country: the UK.
    const uk = await jsonCall(jo.agent, "post", "/account/create-constituent/", jo.token, manualSchool({}, { Country: undefined, PostalCode: "LS2 9JT", City: "Leeds" }));
    expect(uk.status).toBe(201);
    expect((await crm.constituentDetail(uk.body.data.Id))!.Addresses[0]!.Country).toEqual({ Id: 209 });
  });

  it("refuses an incomplete school record field by field, creating nothing", async () => {
    const before = await t.database.db.selectFrom("constituents").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const missing = await jsonCall(jo.agent, "post", "/account/create-constituent/", jo.token, manualSchool({ LastName: " " }, { Street1: "", City: "", PostalCode: "" }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({
      LastName: ["Enter the school's name."],
      Street1: ["Enter the first line of the school's address."],
      City: ["Enter the town or city."],
      PostalCode: ["Enter the postcode."],
    });
    const ontario = (await crm.states()).find((state) => state.Description === "Ontario")!;
    const wrongState = await jsonCall(jo.agent, "post", "/account/create-constituent/", jo.token, manualSchool({}, { State: { Id: ontario.Id } }));
    expect(wrongState.status).toBe(400);
    expect(wrongState.body.errors).toEqual({ State: ["Choose a state or region of Portugal from the list."] });
    const noCountry = await jsonCall(jo.agent, "post", "/account/create-constituent/", jo.token, manualSchool({}, { Country: { Id: 99999 } }));
    expect(noCountry.body.errors).toEqual({ Country: ["Choose a country from the list."] });
    const noAddress = await jsonCall(jo.agent, "post", "/account/create-constituent/", jo.token, manualSchool({ Addresses: [] }));
    expect(noAddress.body.errors).toEqual({ Addresses: ["Add the school's address."] });
    const after = await t.database.db.selectFrom("constituents").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  const addressRecord = (constituentId: number, overrides: Record<string, unknown> = {}) => ({
    AddressType: { Id: 3 },
    Constituent: { Id: constituentId },
    Label: "",
    Months: "YYYYYYYYYYYY",
    PrimaryIndicator: false,
    Street1: "5 Annex Road",
    Street2: "",
    PostalCode: "LS3 1AA",
    City: "Leeds",
    Country: { Id: 209 },
    State: null,
    Inactive: false,
    ...overrides,
  });

  it("lets the creator add and change their school's addresses, and no one else", async () => {
    const { body } = await jsonCall(jo.agent, "post", "/account/create-constituent/", jo.token, manualSchool({ LastName: "Jo's School" }));
    const ownSchool = body.data.Id as number;

    const added = await jsonCall(jo.agent, "post", "/account/create-address/", jo.token, addressRecord(ownSchool));
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ success: true, data: { Id: expect.any(Number) } });
    const addressId = added.body.data.Id as number;

    const updated = await jsonCall(jo.agent, "put", `/account/update-address/${addressId}/`, jo.token, addressRecord(ownSchool, { Id: addressId, City: "Bradford", PostalCode: "bd1 1aa" }));
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ success: true });
    const changed = (await crm.constituentDetail(ownSchool))!.Addresses.find((address) => address.Id === addressId);
    expect(changed).toMatchObject({ City: "Bradford", PostalCode: "BD1 1AA" });

    // Sam did not create it.
    const samAdds = await jsonCall(sam.agent, "post", "/account/create-address/", sam.token, addressRecord(ownSchool));
    expect(samAdds.status).toBe(404);
    expect(samAdds.body.errors.__all__).toEqual(["We couldn't find that record. Search for the school again, or check the address."]);
    const samChanges = await jsonCall(sam.agent, "put", `/account/update-address/${addressId}/`, sam.token, addressRecord(ownSchool, { City: "Hull" }));
    expect(samChanges.status).toBe(404);
    expect(warnings()).toContainEqual(expect.objectContaining({ userId: sam.id, rule: "address-of-own-organisation-only", constituentId: ownSchool }));
    // Nor can anyone change a register school's address, or another person's.
    expect((await jsonCall(jo.agent, "post", "/account/create-address/", jo.token, addressRecord(schoolId))).status).toBe(404);
    expect((await jsonCall(jo.agent, "post", "/account/create-address/", jo.token, addressRecord(sam.id))).status).toBe(404);
    // An address that is not the named record's is unknown.
    const registerAddress = (await crm.constituentDetail(schoolId))!.Addresses[0]!.Id;
    expect((await jsonCall(jo.agent, "put", `/account/update-address/${registerAddress}/`, jo.token, addressRecord(ownSchool))).status).toBe(404);
    expect((await crm.constituentDetail(schoolId))!.Addresses[0]!.City).toBe("Leeds");
    expect((await crm.constituentDetail(ownSchool))!.Addresses.find((address) => address.Id === addressId)!.City).toBe("Bradford");

    // Field errors, and a missing owner.
    const invalid = await jsonCall(jo.agent, "post", "/account/create-address/", jo.token, addressRecord(ownSchool, { Street1: "", PostalCode: "" }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ Street1: ["Enter the first line of the school's address."], PostalCode: ["Enter the postcode."] });
    const noOwner = await jsonCall(jo.agent, "post", "/account/create-address/", jo.token, addressRecord(ownSchool, { Constituent: undefined }));
    expect(noOwner.status).toBe(400);
    expect(Object.keys(noOwner.body.errors)).toEqual(["Constituent"]);
    // One's own record is one's own.
    expect((await jsonCall(jo.agent, "post", "/account/create-address/", jo.token, addressRecord(jo.id))).status).toBe(201);
  });

  it("answers a school's current membership, or its latest expired one", async () => {
    const current = await get(jo, `/account/membership-summary/${schoolId}/`);
    expect(current.body).toEqual({
      success: true,
      details: expect.objectContaining({ Id: membershipId, ExpirationDateTime: expect.any(String), Constituent: { Id: schoolId, DisplayName: "Brook Primary School", SortName: "Brook Primary School" } }),
      expired: null,
    });
    const lapsed = await get(jo, `/account/membership-summary/${lapsedSchoolId}/`);
    expect(lapsed.body.details).toBeNull();
    expect(lapsed.body.expired).toMatchObject({ MembershipLevel: { Id: ids.membershipLevels.stateSchool }, Constituent: { Id: lapsedSchoolId } });
    expect(Date.parse(lapsed.body.expired.ExpirationDateTime)).toBeLessThan(Date.now());

    expect((await get(jo, `/account/membership-summary/${jo.id}/`)).body).toEqual({ success: true, details: null, expired: null });
    expect((await get(jo, `/account/membership-summary/${sam.id}/`)).status).toBe(404);
    expect((await get(jo, "/account/membership-summary/987654/")).status).toBe(404);
  });

  it("lists a membership's seat benefits with what remains", async () => {
    const response = await get(jo, `/account/benefits-number-of-seats/${membershipId}/`);
    expect(response.status).toBe(200);
    expect(response.body.details).toEqual([
      { Id: expect.any(Number), BenefitMembershipSummary: { Id: membershipId }, Benefit: { Id: ids.seatBenefits.userSeat }, MembershipLevelBenefit: { UnlimitedIndicator: false }, TotalAvailable: 2, TotalRemaining: 1 },
      { Id: expect.any(Number), BenefitMembershipSummary: { Id: membershipId }, Benefit: { Id: ids.seatBenefits.adminSeat }, MembershipLevelBenefit: { UnlimitedIndicator: false }, TotalAvailable: 1, TotalRemaining: 0 },
    ]);
    expect((await get(jo, "/account/benefits-number-of-seats/987654/")).status).toBe(404);
    // A person's own membership is theirs alone.
    const personal = await crm.createMembership({ constituentId: sam.id, levelId: ids.membershipLevels.individual, initiation: new Date(), expiration: new Date(Date.now() + DAY), seats: [] });
    expect((await get(jo, `/account/benefits-number-of-seats/${personal.Id}/`)).status).toBe(404);
    expect((await get(sam, `/account/benefits-number-of-seats/${personal.Id}/`)).body).toEqual({ success: true, details: [] });
  });

  it("answers an organisation's benefit summary: its current membership and seats, for organisations only", async () => {
    const response = await get(jo, `/account/membership-organisation-benefit-summary/${schoolId}/`);
    expect(response.status).toBe(200);
    expect(response.body.details.Membership).toMatchObject({ Id: membershipId, Constituent: { Id: schoolId } });
    expect(response.body.details.Benefits.map((benefit: { Benefit: { Id: number }; TotalRemaining: number }) => [benefit.Benefit.Id, benefit.TotalRemaining])).toEqual([
      [ids.seatBenefits.userSeat, 1],
      [ids.seatBenefits.adminSeat, 0],
    ]);
    const lapsed = await get(jo, `/account/membership-organisation-benefit-summary/${lapsedSchoolId}/`);
    expect(lapsed.body.details).toEqual({ Membership: null, Benefits: [] });
    expect((await get(jo, `/account/membership-organisation-benefit-summary/${jo.id}/`)).status).toBe(404);
    expect((await get(jo, "/account/membership-organisation-benefit-summary/987654/")).status).toBe(404);
  });

  it("answers a school's email-domain attributes, for organisations only", async () => {
    const response = await get(jo, `/account/attributes/${schoolId}/?keywordIds=671`);
    expect(response.body).toEqual({ success: true, details: [{ Keyword: { Id: 671 }, Value: "brook.sch.uk" }] });
    expect((await get(jo, `/account/attributes/${schoolId}/`)).body.details).toEqual([{ Keyword: { Id: 671 }, Value: "brook.sch.uk" }]);
    expect((await get(jo, `/account/attributes/${schoolId}/?keywordIds=672`)).body.details).toEqual([]);
    const bad = await get(jo, `/account/attributes/${schoolId}/?keywordIds=email`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(["keywordIds"]);
    const person = await get(jo, `/account/attributes/${jo.id}/?keywordIds=671`);
    expect(person.status).toBe(404);
    expect(person.body.errors.__all__).toEqual(["We couldn't find that record. Search for the school again, or check the address."]);
    expect((await get(jo, "/account/attributes/987654/")).status).toBe(404);
  });

  it("names a school's admins by first name and initial only to its own people and to a verified address at its domain; a stranger gets no name", async () => {
    const kitId = await addPerson(t.database.db, { email: "kit@elsewhere.org", firstName: "Kit" });
    await setEmailVerifiedAt(t.database.db, kitId);
    const kit = await signedInBrowser(t.app, "kit@elsewhere.org");

    // A verified address at another domain, and an unverified one at the school's: no names.
    expect((await get(kit, `/account/school-admins/${schoolId}/`)).body).toEqual({ success: true, admins: [], youAreAdmin: false });
    expect((await get(jo, `/account/school-admins/${schoolId}/`)).body).toEqual({ success: true, admins: [], youAreAdmin: false });
    expect(JSON.stringify((await get(kit, `/account/school-admins/${schoolId}/`)).body)).not.toContain("Baptiste");
    // The admin is told it is them (the other admins, none here, by name).
    expect((await get(sam, `/account/school-admins/${schoolId}/`)).body).toEqual({ success: true, admins: [], youAreAdmin: true });

    // Once Jo's address at brook.sch.uk is verified: the first name and initial, never the whole name.
    await setEmailVerifiedAt(t.database.db, jo.id);
    const answer = await get(jo, `/account/school-admins/${schoolId}/`);
    expect(answer.headers["cache-control"]).toContain("no-store");
    expect(answer.body).toEqual({ success: true, admins: ["Sam B."], youAreAdmin: false });

    expect((await get(jo, `/account/school-admins/${jo.id}/`)).status).toBe(404);
    expect((await request(t.app).get(`/account/school-admins/${schoolId}/`).set("Accept", "application/json")).status).toBe(401);
  });
});
