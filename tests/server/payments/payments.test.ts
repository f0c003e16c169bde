import request from "supertest";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { TOO_MANY_USERS_MESSAGE } from "../../../server/domain/plans";
import { takeSeat } from "../../../server/schools/seats/school-seats";
import { addPerson, browserOnLoginPage, outboxFor } from "../accounts/support";
import { addSchool, ids } from "../memberships/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { basketItem, orderRow, paymentRecords, payOnSandbox, sandboxNotification, sessionIdIn, signedInPayer, type Payer } from "./support";

const approvedCard = "4242 4242 4242 4242";
const declinedCard = "4000 0000 0000 0002";
const day = 86_400_000;

describe.each(databaseEngines)("payments on %s", (engine) => {
  let t: TestApp;
  let crm: ReturnType<typeof createSqlCrm>;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    crm = createSqlCrm(t.database.db, ids);
  });
  afterAll(() => t.close());

  let people = 0;
  /** A signed-in browser for a new person. */
  const signedIn = (options: { membershipExpiresAt?: Date } = {}) => signedInPayer(t, `payer${++people}@example.com`, options);
  /** A verified teacher of a school with no admin and no membership: who may buy its first membership. */
  const schoolTeacher = (domain: string) => signedInPayer(t, `payer${++people}@${domain}`, { verified: true });

  const addToBasket = (payer: Payer, body: object) => payer.agent.post("/account/add-to-basket/").set("X-CSRFToken", payer.token).send(body);

  /** A checkout made and left unpaid: its session id. */
  const checkout = async (payer: Payer, overrides: Record<string, unknown> = {}) => {
    const response = await addToBasket(payer, basketItem(payer.id, overrides));
    expect(response.status).toBe(201);
    return sessionIdIn(response.body);
  };

  const orderCall = (payer: Payer, sessionId: string) => payer.agent.get(`/account/cart/orders/?sessionId=${sessionId}`).set("Accept", "application/json");

  const notify = (raw: { rawBody: Buffer; headers: Record<string, string> }) =>
    // A string is sent byte for byte (supertest would turn a Buffer into JSON); the server-to-server call has no session or CSRF token.
    request(t.app).post("/payments/notifications/sandbox/").set(raw.headers).send(raw.rawBody.toString("utf8"));

  it("answers the basket with the REDIRECT link to the sandbox's checkout, priced by the server", async () => {
    const payer = await signedIn();
    const response = await addToBasket(payer, basketItem(payer.id));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true, payment: { links: [{ method: "REDIRECT", href: expect.stringMatching(/^\/payments\/sandbox\/checkout\/[A-Za-z0-9_-]{32}\/$/) }] } });
    const page = await payer.agent.get(response.body.payment.links[0].href);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Sandbox payments");
    expect(page.text).toContain("£60.00");
    expect(page.text).toContain("4242 4242 4242 4242");
    expect(page.text).toContain("4000 0000 0000 0002");
    expect(page.text).not.toContain("/static/css/main.css");
  });

  it("refuses bad input with field errors, including too many users", async () => {
    const payer = await signedIn();
    const { schoolId } = await addSchool(t.database.db, crm, { name: "Big School", kind: "independent" });
    const tooMany = await addToBasket(payer, basketItem(payer.id, { PlanType: "school-annual", OrganisationConstituentId: schoolId, NumberOfUsers: 11 }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.NumberOfUsers).toEqual([TOO_MANY_USERS_MESSAGE]);
    const badPlan = await addToBasket(payer, basketItem(payer.id, { PlanType: "lifetime" }));
    expect(badPlan.status).toBe(400);
    expect(badPlan.body.errors.PlanType).toHaveLength(1);
    expect(await t.database.db.selectFrom("payment_orders").select("id").where("constituent_id", "=", payer.id).execute()).toEqual([]);
  });

  it("refuses someone else's ConstituentId (403) and a person as the organisation (404); needs CSRF and a sign-in", async () => {
    const payer = await signedIn();
    const other = await signedIn();
    expect((await addToBasket(payer, basketItem(other.id))).status).toBe(403);
    expect((await addToBasket(payer, basketItem(payer.id, { PlanType: "school-annual", OrganisationConstituentId: other.id, NumberOfUsers: 2 }))).status).toBe(404);
    expect((await payer.agent.post("/account/add-to-basket/").send(basketItem(payer.id))).status).toBe(403);
    const { agent, token } = await browserOnLoginPage(t.app);
    expect((await agent.post("/account/add-to-basket/").set("X-CSRFToken", token).send(basketItem(payer.id))).status).toBe(401);
  });

  it("an individual plan paid with the success card: back to the wizard, the payer's own membership, a receipt", async () => {
    const payer = await signedIn();
    const sessionId = await checkout(payer);
    const paid = await payOnSandbox(payer.agent, payer.token, sessionId, approvedCard);
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`/account/register/?paymentStatus=approved&sessionId=${sessionId}`);
    const order = await orderCall(payer, sessionId);
    expect(order.status).toBe(200);
    const membership = (await crm.memberships(payer.id))[0]!;
    expect(order.body).toEqual({
      success: true,
      details: {
        Products: [
          {
            ProductClass: { Description: "Membership" },
            Membership: { Id: membership.Id, MembershipLevel: { Id: ids.membershipLevels.individual }, Recipient: { Id: payer.id, DisplayName: expect.any(String), SortName: expect.any(String) } },
          },
        ],
        Constituent: { Id: payer.id, DisplayName: expect.any(String), SortName: expect.any(String) },
        Status: "approved",
      },
    });
    expect(Date.parse(membership.ExpirationDateTime)).toBeGreaterThan(Date.now() + 364 * day);
    const receipts = await outboxFor(t.database.db, payer.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toMatch(/receipt/i);
    expect(receipts[0]!.text_body).toContain("£60.00");
  });

  it("a school plan for 6 users: the school's membership at the level whose ceiling covers 6, its seats, and the payer is admin", async () => {
    const payer = await schoolTeacher("stmarys.example");
    const { schoolId } = await addSchool(t.database.db, crm, { name: "St Mary's College", kind: "independent", domains: ["stmarys.example"] });
    const sessionId = await checkout(payer, { PlanType: "school-annual", OrganisationConstituentId: schoolId, NumberOfUsers: 6 });
    expect((await payOnSandbox(payer.agent, payer.token, sessionId, approvedCard)).headers.location).toContain("paymentStatus=approved");
    const memberships = await crm.memberships(schoolId);
    expect(memberships).toHaveLength(1);
    expect(memberships[0]!.MembershipLevel.Id).toBe(97);
    const seats = await crm.seatBenefits(memberships[0]!.Id);
    expect(seats).toContainEqual(expect.objectContaining({ Benefit: { Id: ids.seatBenefits.userSeat }, TotalAvailable: 10, MembershipLevelBenefit: { UnlimitedIndicator: false } }));
    expect(seats).toContainEqual(expect.objectContaining({ Benefit: { Id: ids.seatBenefits.adminSeat }, MembershipLevelBenefit: { UnlimitedIndicator: true } }));
    const admins = await crm.affiliations({ groupConstituentId: schoolId, individualConstituentId: payer.id, currentAt: new Date() });
    expect(admins.map((affiliation) => affiliation.AffiliationType.Id)).toEqual([ids.affiliationTypes.admin]);
    const order = await orderCall(payer, sessionId);
    expect(order.body.details.Products[0].Membership).toMatchObject({ Id: memberships[0]!.Id, MembershipLevel: { Id: 97 }, Recipient: { Id: schoolId, DisplayName: "St Mary's College" } });
  });

  it("fulfils once when the same notification arrives twice and the return page is reloaded", async () => {
    const payer = await schoolTeacher("twice.example");
    const { schoolId } = await addSchool(t.database.db, crm, { name: "Twice School", kind: "independent", domains: ["twice.example"] });
    const sessionId = await checkout(payer, { PlanType: "school-annual", OrganisationConstituentId: schoolId, NumberOfUsers: 3 });
    const notification = await sandboxNotification(t, sessionId, "approved");
    expect((await notify(notification)).status).toBe(200);
    const once = await paymentRecords(t.database.db);
    expect((await notify(notification)).status).toBe(200);
    await Promise.all([notify(notification), notify(notification)]);
    const first = await orderCall(payer, sessionId);
    const reloaded = await orderCall(payer, sessionId);
    expect(reloaded.body).toEqual(first.body);
    expect(await paymentRecords(t.database.db)).toEqual(once);
    expect(await crm.memberships(schoolId)).toHaveLength(1);
    expect(await outboxFor(t.database.db, payer.email)).toHaveLength(1);
    // The hosted page does not take a second payment either.
    expect((await payOnSandbox(payer.agent, payer.token, sessionId, approvedCard)).headers.location).toContain("paymentStatus=approved");
    expect(await paymentRecords(t.database.db)).toEqual(once);
  });

  it("renews a school's membership from its current expiry, keeping its id; a lapsed person's starts from now", async () => {
    const payer = await signedIn();
    const expiresAt = new Date(Date.now() + 30 * day);
    const { schoolId, membershipId } = await addSchool(t.database.db, crm, { name: "Renewal High", kind: "independent", seats: 5, expiresAt });
    const teacherId = await addPerson(t.database.db, { email: "teacher@renewal.example" });
    expect((await takeSeat(crm, ids, { schoolId, personId: teacherId, role: "user", now: new Date() })).kind).toBe("joined");
    // Only the school's admin may renew it (docs/payments.md, "Who may buy for a school").
    expect((await takeSeat(crm, ids, { schoolId, personId: payer.id, role: "admin", now: new Date() })).kind).toBe("joined");
    const sessionId = await checkout(payer, { PlanType: "school-annual", OrganisationConstituentId: schoolId, NumberOfUsers: 8 });
    await payOnSandbox(payer.agent, payer.token, sessionId, approvedCard);
    const renewed = await crm.membershipSummary(membershipId!);
    const expected = new Date(expiresAt);
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect(renewed).toMatchObject({ MembershipLevel: { Id: 97 }, ExpirationDateTime: expected.toISOString() });
    expect(await crm.memberships(schoolId)).toHaveLength(1);
    const userSeats = (await crm.seatBenefits(membershipId!)).find((seat) => seat.Benefit.Id === ids.seatBenefits.userSeat);
    expect(userSeats).toMatchObject({ TotalAvailable: 10, TotalRemaining: 9 });
    // The teacher's seat-limited affiliation follows the membership to its new expiry.
    const [teacher] = await crm.affiliations({ groupConstituentId: schoolId, individualConstituentId: teacherId });
    expect(teacher!.EndDate).toBe(expected.toISOString());

    const lapsed = await signedIn({ membershipExpiresAt: new Date(Date.now() - 30 * day) });
    const before = Date.now();
    const lapsedSession = await checkout(lapsed, { PlanType: "individual-monthly" });
    await payOnSandbox(lapsed.agent, lapsed.token, lapsedSession, approvedCard);
    const latest = (await crm.memberships(lapsed.id))[0]!;
    const monthOn = new Date(before);
    monthOn.setUTCMonth(monthOn.getUTCMonth() + 1);
    expect(Date.parse(latest.ExpirationDateTime)).toBeGreaterThanOrEqual(monthOn.getTime());
    expect(Date.parse(latest.ExpirationDateTime)).toBeLessThan(monthOn.getTime() + 60_000);
  });

  it("a declined card and a cancelled checkout go back with their status and make nothing", async () => {
    const payer = await signedIn();
    const before = (await paymentRecords(t.database.db)).memberships;
    const declined = await checkout(payer);
    expect((await payOnSandbox(payer.agent, payer.token, declined, declinedCard)).headers.location).toBe(`/account/register/?paymentStatus=declined&sessionId=${declined}`);
    const cancelled = await checkout(payer);
    expect((await payer.agent.get(`/payments/sandbox/checkout/${cancelled}/cancel/`)).headers.location).toBe(`/account/register/?paymentStatus=cancelled&sessionId=${cancelled}`);
    expect((await orderRow(t.database.db, declined)).status).toBe("declined");
    expect((await orderRow(t.database.db, cancelled)).status).toBe("cancelled");
    expect((await orderCall(payer, declined)).status).toBe(409);
    expect((await paymentRecords(t.database.db)).memberships).toEqual(before);
    const wrongCard = await payOnSandbox(payer.agent, payer.token, await checkout(payer), "1234 5678");
    expect(wrongCard.status).toBe(400);
    expect(wrongCard.text).toContain("Use a test card");
  });

  it("lists the person's payments in the Membership tab of My account, without JavaScript", async () => {
    const payer = await signedIn();
    await payOnSandbox(payer.agent, payer.token, await checkout(payer), approvedCard);
    await payOnSandbox(payer.agent, payer.token, await checkout(payer, { PlanType: "individual-monthly" }), declinedCard);
    const page = await payer.agent.get("/account/my-account/").set("Accept", "text/html");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Your payments");
    expect(page.text).toMatch(/Individual Annual plan £60\.00[\s\S]*£60\.00<\/td><td>Paid/);
    expect(page.text).toMatch(/£39\.99<\/td><td>Declined/);
  });
});
