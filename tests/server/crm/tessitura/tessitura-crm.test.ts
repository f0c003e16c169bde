import request from "supertest";
import { ConfigError, loadConfig } from "../../../../server/config";
import { createCircuitBreakingCrm, CrmUnavailableError } from "../../../../server/crm/circuit-breaking-crm";
import { CRM_IDS } from "../../../../server/crm/crm-ids";
import { TessituraConfigurationError } from "../../../../server/crm/tessitura/configured-ids";
import { tessituraSeatLedger } from "../../../../server/crm/tessitura/seat-ledger";
import { createTessituraCrm, TessituraNotSupportedError } from "../../../../server/crm/tessitura/tessitura-crm";
import { inTransaction } from "../../../../server/db/transactions";
import { addBillingPeriod, pricePlan, type PricedPlan } from "../../../../server/domain/plans";
import { createOrRenewMembership } from "../../../../server/memberships/membership-terms";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../../support/databases";
import { createTestApp, type TestApp } from "../../support/test-app";
import { crmPortContract, type CrmHarness } from "../port-contract";
import { STAND_IN_CREDENTIALS, STAND_IN_SALE, TessituraStandIn } from "./stand-in";

/*
 * The Tessitura adapter over the stand-in TessituraService (stand-in.ts):
 * the shared CRM-port behaviour, then how a failing Tessitura shows (a
 * CrmUnavailableError the circuit breaker counts) and the breaker recovering.
 * Every test ends with no exchange breaking the vendor's Swagger description.
 */

const ids = CRM_IDS.test;
// Generous, so that a busy machine never times a call out; the read timeout's own test shortens it.
const timeouts = { connectMs: 2_000, readMs: 5_000, writeMs: 10_000 };
const sale = STAND_IN_SALE;

describe.each(databaseEngines)("the Tessitura CRM adapter over the stand-in, its seat ledger on %s", (engine) => {
  let standIn: TessituraStandIn;
  let baseUrl: string;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    standIn = new TessituraStandIn();
    baseUrl = await standIn.start();
  });
  afterAll(async () => {
    await standIn.stop();
    await database.dispose();
  });
  afterEach(() => {
    standIn.faults = {};
    expect(standIn.violations).toEqual([]);
  });

  const connection = () => ({ baseUrl, ...STAND_IN_CREDENTIALS, timeouts });
  const adapter = () => createTessituraCrm({ connection: connection(), ids, db: database.db, sale, referenceDataRefreshMs: 60_000 });
  /**
   * A paid membership's calls: the holder's memberships, their payment history (not checked out with this payment
   * before), the web cart from session to checkout, and the memberships again to find the one made.
   */
  const paidCheckout = [
    "GET /CRM/Memberships/Details",
    "GET /CRM/PaymentHistory",
    "POST /Web/Session",
    "PUT /Web/Session/{key}/Constituents",
    "POST /Web/Cart/{key}/Contributions",
    "POST /Web/Cart/{key}/Payments/Other",
    "POST /Web/Cart/{key}/Checkout",
    "GET /CRM/Memberships/Details",
  ];
  /** The calls the stand-in has had since the `sent`th, each as "METHOD /path" with its web session key as {key} and no query. */
  const callsSince = (sent: number) => standIn.requests.slice(sent).map((call) => call.replace(/S[0-9a-f]+X[0-9a-z]+/, "{key}").replace(/\?.*$/, ""));

  describe("the CRM port contract", () => {
    let harness: CrmHarness;
    beforeAll(() => {
      harness = {
        crm: adapter(),
        // People are put straight into the stand-in, as Tessitura would hold them.
        addPerson(FirstName, LastName) {
          const Id = 5_000_000 + standIn.constituents.size;
          standIn.constituents.set(Id, { Id, FirstName, LastName, DisplayName: `${FirstName} ${LastName}`, SortName: `${LastName}/${FirstName}`, ConstituentType: { Id: ids.constituentTypes.individual } });
          return Promise.resolve(Id);
        },
        // A membership for given dates, which a web cart cannot choose (Tessitura dates it by its level): put straight into the stand-in,
        // its seats in the site's ledger and its holder noted, as the site notes the holder of a membership it creates.
        async addMembership(constituentId, levelId, initiation, expiration, seats = []) {
          const Id = standIn.addMembership(constituentId, levelId, initiation.toISOString(), expiration.toISOString());
          await tessituraSeatLedger(database.db).setSeats(Id, seats);
          await database.db.insertInto("tessitura_membership_holders").values({ membership_id: Id, constituent_id: constituentId }).execute();
          return Id;
        },
        violations: () => standIn.violations,
      };
    });
    crmPortContract(() => harness);
  });

  it("signs in with Basic auth user:usergroup:location:password; other credentials are a CRM-unavailable error", async () => {
    expect(await adapter().countries()).toContainEqual({ Id: 209, Description: "United Kingdom" });
    const wrong = createTessituraCrm({ connection: { ...connection(), password: "wrong" }, ids, db: database.db, sale, referenceDataRefreshMs: 60_000 });
    await expect(wrong.countries()).rejects.toBeInstanceOf(CrmUnavailableError);
  });

  it("keeps reference data for the refresh interval", async () => {
    const crm = adapter();
    await crm.countries();
    const before = standIn.requests.length;
    await crm.states();
    await crm.countries();
    expect(standIn.requests.length).toBe(before);
  });

  it.each([
    ["a Tessitura slower than the read timeout", { delayMs: 600 }],
    ["a 500", { status500: true }],
    ["a 401 (our credentials refused)", { status401: true }],
    ["an answer that is not JSON", { malformedJson: true }],
  ])("turns %s into a CrmUnavailableError", async (_what, faults) => {
    // The stand-in waits 600 ms: a read timeout of 200 ms always fires first, however busy the machine.
    const crm = "delayMs" in faults ? createTessituraCrm({ connection: { ...connection(), timeouts: { ...timeouts, readMs: 200 } }, ids, db: database.db, sale, referenceDataRefreshMs: 60_000 }) : adapter();
    standIn.faults = faults;
    await expect(crm.constituentDetail(1)).rejects.toBeInstanceOf(CrmUnavailableError);
  });

  it("keeps the seat's benefit usage id in the affiliation's Salary field", async () => {
    const crm = adapter();
    const { Id: schoolId } = await crm.createOrganisation({ LastName: "Rowan School", Addresses: [] }, new Date());
    const { Id } = await crm.createAffiliation(
      { affiliationTypeId: ids.affiliationTypes.user, groupConstituentId: schoolId, individualConstituentId: schoolId, startDate: new Date(), endDate: null, benefitUsageId: 77 },
      new Date(),
    );
    expect(standIn.affiliations.get(Id)?.Salary).toBe(77);
    expect((await crm.affiliation(Id))?.Salary).toBe(77);
  });

  it("turns a Tessitura that takes no connection into a CrmUnavailableError", async () => {
    const closed = new TessituraStandIn();
    const closedUrl = await closed.start();
    await closed.stop();
    const crm = createTessituraCrm({ connection: { ...connection(), baseUrl: closedUrl }, ids, db: database.db, sale, referenceDataRefreshMs: 60_000 });
    await expect(crm.constituentDetail(1)).rejects.toBeInstanceOf(CrmUnavailableError);
  });

  it("a 404 is an answer, not a failure", async () => {
    standIn.faults = {};
    expect(await adapter().affiliation(424_242)).toBeUndefined();
  });

  it("the circuit breaker counts those failures, opens, and closes again once Tessitura answers", async () => {
    const { crm, breaker } = createCircuitBreakingCrm(adapter(), { timeoutMs: 10_000, errorThresholdPercent: 50, minimumCalls: 3, resetTimeoutMs: 200 });
    try {
      standIn.faults = { status500: true };
      for (let i = 0; i < 3; i++) await expect(crm.constituentDetail(1)).rejects.toBeInstanceOf(CrmUnavailableError);
      expect(breaker.opened).toBe(true);
      const sent = standIn.requests.length;
      await expect(crm.constituentDetail(1)).rejects.toBeInstanceOf(CrmUnavailableError);
      expect(standIn.requests.length).toBe(sent);
      standIn.faults = {};
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await crm.constituentDetail(987_654_321)).toBeUndefined();
      expect(breaker.closed).toBe(true);
    } finally {
      breaker.shutdown();
    }
  });

  it("refuses to merge an organisation that holds memberships (15.2 cannot move one), before moving anything", async () => {
    const crm = adapter();
    const { Id: from } = await crm.createOrganisation({ LastName: "Hand-entered Holly School", Addresses: [] }, new Date());
    const { Id: into } = await crm.createOrganisation({ LastName: "Holly School", Addresses: [] }, new Date());
    const { Id: role } = await crm.createAffiliation(
      { affiliationTypeId: ids.affiliationTypes.teacher, groupConstituentId: from, individualConstituentId: from, startDate: new Date(), endDate: null, benefitUsageId: null },
      new Date(),
    );
    await crm.replaceAttributes(from, ids.emailDomainKeywordId, ["holly.sch.uk"]);
    standIn.addMembership(from, ids.membershipLevels.stateSchool, new Date().toISOString(), new Date(Date.now() + 86_400_000).toISOString());
    await expect(crm.mergeOrganisation(from, into)).rejects.toThrow(
      new TessituraNotSupportedError(
        "mergeOrganisation",
        `cannot merge constituent ${from}: it holds 1 membership(s), and Tessitura 15.2's REST API cannot move a membership to another constituent; merge the two in Tessitura itself`,
      ),
    );
    expect((await crm.affiliation(role))?.GroupConstituent.Id).toBe(from);
    expect(await crm.attributes(from, [ids.emailDomainKeywordId])).toEqual([{ Keyword: { Id: ids.emailDomainKeywordId }, Value: "holly.sch.uk" }]);
  });

  it("reports a membership made in Tessitura (not by the site) once the site has listed its holder's memberships", async () => {
    const crm = adapter();
    const at = new Date("2036-06-01T00:00:00.000Z");
    const person = (await crm.createPerson({ FirstName: "Box", LastName: "Office", Phone: "", PrefixId: -1, Email: `box.office.${Date.now()}@example.org` }, new Date()))!.Id;
    const made = standIn.addMembership(person, ids.membershipLevels.individual, "2036-01-01T00:00:00.000Z", "2036-12-31T00:00:00.000Z");
    expect(await crm.membershipFigures(at, new Date("2037-01-01T00:00:00.000Z"))).toEqual({ members: 0, schoolsWithCurrentMembership: 0, membershipsExpiring: 0 });
    expect((await crm.memberships(person)).map((membership) => membership.Id)).toEqual([made]);
    expect(await crm.membershipFigures(at, new Date("2037-01-01T00:00:00.000Z"))).toEqual({ members: 1, schoolsWithCurrentMembership: 0, membershipsExpiring: 1 });
    expect((await crm.currentMembers(at, null, 10)).map((row) => [row.PersonId, row.MembershipId])).toEqual([[person, made]]);
  });

  it("erasing a person removes their own addresses, emails, attributes and phones, not those of the school they are affiliated with", async () => {
    const crm = adapter();
    const { Id: school } = await crm.createOrganisation(
      { LastName: "Rowan Grammar", Addresses: [{ Street1: "1 Rowan Way", City: "Derby", PostalCode: "DE1 1AA" }], ElectronicAddresses: [{ Address: "office@rowan.sch.uk" }] },
      new Date(),
    );
    await crm.replaceAttributes(school, ids.emailDomainKeywordId, ["rowan.sch.uk"]);
    const person = (await crm.createPerson({ FirstName: "Ro", LastName: "Wan", Phone: "0117 000 0000", PrefixId: -1, Email: `ro.${Date.now()}@rowan.sch.uk` }, new Date()))!.Id;
    await crm.createAffiliation({ affiliationTypeId: ids.affiliationTypes.teacher, groupConstituentId: school, individualConstituentId: person, startDate: new Date(), endDate: null, benefitUsageId: null }, new Date());
    const phonesBefore = standIn.phones.size;
    await crm.erasePerson(person, new Date());
    expect(await crm.attributes(school, [ids.emailDomainKeywordId])).toEqual([{ Keyword: { Id: ids.emailDomainKeywordId }, Value: "rowan.sch.uk" }]);
    expect([...standIn.phones.values()].filter((phone) => (phone.Constituent as { Id: number }).Id === person)).toEqual([]);
    expect(standIn.phones.size).toBe(phonesBefore - 1);
    expect((await crm.constituentDetail(school))?.Addresses).toEqual([expect.objectContaining({ Street1: "1 Rowan Way" })]);
    expect([...standIn.electronicAddresses.values()].filter((email) => (email.Constituent as { Id: number }).Id === school).map((email) => email.Address)).toEqual(["office@rowan.sch.uk"]);
  });

  it("finds nobody with no words typed (Tessitura cannot list everyone), except the current members when those are asked for", async () => {
    const crm = adapter();
    const at = new Date("2038-06-01T00:00:00.000Z");
    const member = (await crm.createPerson({ FirstName: "Ida", LastName: "Member", Phone: "", PrefixId: -1, Email: `ida.${Date.now()}@example.org` }, new Date()))!.Id;
    // Made in Tessitura; the site knows its holder once it has listed their memberships.
    standIn.addMembership(member, ids.membershipLevels.individual, "2038-01-01T00:00:00.000Z", "2038-12-31T00:00:00.000Z");
    await crm.memberships(member);
    expect(await crm.findPeople({ text: "  ", limit: 10, offset: 0 })).toEqual({ people: [], total: 0 });
    expect(await crm.findPeople({ text: "", members: { current: false, now: at }, limit: 10, offset: 0 })).toEqual({ people: [], total: 0 });
    expect(await crm.findPeople({ text: "", members: { current: true, now: at }, limit: 10, offset: 0 })).toEqual({
      people: [expect.objectContaining({ Id: member, FirstName: "Ida", LastName: "Member" })],
      total: 1,
    });
  });

  describe("the ids of crm-ids.ts, checked against Tessitura's reference data", () => {
    const referenceCalls = [
      "GET /Finance/MembershipLevels",
      "GET /ReferenceData/Keywords",
      "GET /ReferenceData/AffiliationTypes",
      "GET /ReferenceData/ConstituentTypes",
      "GET /ReferenceData/AddressTypes",
      "GET /ReferenceData/ElectronicAddressTypes",
      "GET /ReferenceData/OriginalSources",
      "GET /ReferenceData/PhoneTypes",
    ];
    const lists = ["membershipLevels", "keywords", "affiliationTypes", "constituentTypes", "addressTypes", "electronicAddressTypes", "originalSources", "phoneTypes"] as const;
    let saved: Pick<TessituraStandIn, (typeof lists)[number]>;
    beforeEach(() => {
      saved = Object.fromEntries(lists.map((list) => [list, standIn[list]])) as typeof saved;
    });
    afterEach(() => Object.assign(standIn, saved));

    it("are checked at the first call, which fails naming each one Tessitura lacks, has inactive, or (a seat's role) keeps no Salary for; nothing else is asked", async () => {
      standIn.membershipLevels = saved.membershipLevels.filter((level) => level.Id !== ids.membershipLevels.seatLevels[1]!.id);
      standIn.keywords = [];
      standIn.affiliationTypes = saved.affiliationTypes.map((type) => (type.Id === ids.affiliationTypes.admin ? { ...type, UseSalary: false } : type));
      standIn.constituentTypes = saved.constituentTypes.map((type) => (type.Id === ids.constituentTypes.organisation ? { ...type, Inactive: true } : type));
      standIn.electronicAddressTypes = saved.electronicAddressTypes.map((type) => ({ ...type, IsEmail: false }));
      standIn.originalSources = [];
      standIn.phoneTypes = saved.phoneTypes.map((type) => ({ ...type, Inactive: true }));
      const sent = standIn.requests.length;
      const failed = adapter().constituentDetail(1);
      await expect(failed).rejects.toBeInstanceOf(TessituraConfigurationError);
      await expect(failed).rejects.toThrow(
        "The CRM ids configured for this CRM_ENV (server/crm/crm-ids.ts) do not match Tessitura: " +
          "membershipLevels.seatLevels[1].id = 96 is no membership level in Tessitura (GET /Finance/MembershipLevels); " +
          "emailDomainKeywordId = 671 is no keyword in Tessitura (GET /ReferenceData/Keywords); " +
          "affiliationTypes.admin = 10053 is an affiliation type without Salary in use (the seat's usage id is kept there); " +
          "constituentTypes.organisation = 8 is an inactive constituent type in Tessitura; " +
          "emailAddressTypeId = 1 is an electronic address type that is not an email's; " +
          "originalSourceId = 3 is no original source in Tessitura (GET /ReferenceData/OriginalSources); " +
          "phoneTypeId = 1 is an inactive phone type in Tessitura. Set them up in Tessitura or correct crm-ids.ts (docs/crm.md).",
      );
      expect(standIn.requests.slice(sent).sort()).toEqual([...referenceCalls].sort());
    });

    it("include the monthly plan's own level: without it in Tessitura, the first call fails naming it", async () => {
      standIn.membershipLevels = saved.membershipLevels.filter((level) => level.Id !== ids.membershipLevels.individualMonthly);
      await expect(adapter().constituentDetail(1)).rejects.toThrow(
        "The CRM ids configured for this CRM_ENV (server/crm/crm-ids.ts) do not match Tessitura: " +
          "membershipLevels.individualMonthly = 99 is no membership level in Tessitura (GET /Finance/MembershipLevels). Set them up in Tessitura or correct crm-ids.ts (docs/crm.md).",
      );
    });

    it("are asked for once per refresh interval: a fix in Tessitura is seen at the next refresh", async () => {
      const crm = createTessituraCrm({ connection: connection(), ids, db: database.db, sale, referenceDataRefreshMs: 150 });
      standIn.keywords = [];
      await expect(crm.constituentDetail(1)).rejects.toBeInstanceOf(TessituraConfigurationError);
      const sent = standIn.requests.length;
      await expect(crm.affiliation(424_242)).rejects.toThrow(/emailDomainKeywordId = 671 is no keyword/);
      expect(standIn.requests.length).toBe(sent);
      standIn.keywords = saved.keywords;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await crm.affiliation(424_242)).toBeUndefined();
      expect(standIn.requests.slice(sent).filter((call) => referenceCalls.includes(call)).sort()).toEqual([...referenceCalls].sort());
      expect(standIn.requests.at(-1)).toBe("GET /CRM/Affiliations/424242");
    });
  });

  describe("a new membership, checked out through a web cart", () => {
    const level = ids.membershipLevels.seatLevels[0]!.id;
    const seats = [
      { benefitId: ids.seatBenefits.userSeat, available: 5 },
      { benefitId: ids.seatBenefits.adminSeat, available: "unlimited" as const },
    ];
    const yearOn = (from: Date) => new Date(from.getTime() + 365 * 24 * 60 * 60 * 1000);

    it("is a contribution to the configured fund at the level, paid with the provider's reference, then the membership Tessitura made with its seats in the ledger", async () => {
      const crm = adapter();
      const { Id: schoolId } = await crm.createOrganisation({ LastName: "Sorrel School", Addresses: [] }, new Date());
      const sent = standIn.requests.length;
      const { Id } = await crm.createMembership({ constituentId: schoolId, levelId: level, initiation: new Date(), expiration: yearOn(new Date()), seats, payment: { amount: 240, reference: "pi_3Sorrel" } });
      const calls = callsSince(sent);
      expect(calls).toEqual(paidCheckout);
      expect(standIn.checkedOut.at(-1)).toMatchObject({
        constituentId: schoolId,
        membershipId: Id,
        contribution: { Amount: 240, FundId: ids.fundId, MembershipLevelId: level, Renew: false },
        payments: [{ Amount: 240, PaymentMethodId: sale.paymentMethodId, Notes: "pi_3Sorrel" }],
      });
      expect(await crm.membershipSummary(Id)).toMatchObject({ Id, MembershipLevel: { Id: level }, Constituent: { Id: schoolId, DisplayName: "Sorrel School" } });
      expect((await crm.seatBenefits(Id)).map((seat) => [seat.Benefit.Id, seat.TotalAvailable, seat.MembershipLevelBenefit.UnlimitedIndicator])).toEqual([
        [ids.seatBenefits.userSeat, 5, false],
        [ids.seatBenefits.adminSeat, 0, true],
      ]);
    });

    it("ordered by invoice, is a contribution of the price with an invoice payment of it (owed, the order's reference in its notes), and no payment taken", async () => {
      const crm = adapter();
      const { Id: schoolId } = await crm.createOrganisation({ LastName: "Betony School", Addresses: [] }, new Date());
      const sent = standIn.requests.length;
      const { Id } = await crm.createMembership({ constituentId: schoolId, levelId: level, initiation: new Date(), expiration: yearOn(new Date()), seats, payment: { amount: 250, reference: "invoice_0a1b2c", invoiced: true } });
      expect(callsSince(sent)).toEqual(paidCheckout.map((call) => call.replace("Payments/Other", "Payments/Invoice")));
      expect(standIn.checkedOut.at(-1)).toMatchObject({
        constituentId: schoolId,
        membershipId: Id,
        contribution: { Amount: 250, FundId: ids.fundId, MembershipLevelId: level, Renew: false },
        payments: [],
        invoices: [{ Amount: 250, PaymentMethodId: sale.invoicePaymentMethodId, Notes: "invoice_0a1b2c" }],
      });
    });

    it("is a contribution of 0 with no payment when it is free", async () => {
      const crm = adapter();
      const { Id: schoolId } = await crm.createOrganisation({ LastName: "Tansy School", Addresses: [] }, new Date());
      const { Id } = await crm.createMembership({ constituentId: schoolId, levelId: ids.membershipLevels.stateSchool, initiation: new Date(), expiration: yearOn(new Date()), seats });
      expect(standIn.checkedOut.at(-1)).toMatchObject({ constituentId: schoolId, membershipId: Id, contribution: { Amount: 0, MembershipLevelId: ids.membershipLevels.stateSchool }, payments: [], invoices: [] });
    });

    it("made in a unit joining the site's transaction, keeps its ledger rows in that transaction: done on SQLite's one connection, gone when it rolls back", async () => {
      const crm = adapter();
      const { Id: schoolId } = await crm.createOrganisation({ LastName: "Yarrow School", Addresses: [] }, new Date());
      let made = 0;
      const failed = inTransaction(database.db, (trx) =>
        crm.inTransaction(async (unit) => {
          made = (await unit.createMembership({ constituentId: schoolId, levelId: level, initiation: new Date(), expiration: yearOn(new Date()), seats })).Id;
          expect((await unit.seatBenefits(made)).length).toBe(2);
          throw new Error("the site's writes failed");
        }, { joining: trx }),
      );
      await expect(failed).rejects.toThrow("the site's writes failed");
      expect(made).toBeGreaterThan(0);
      // Tessitura's checkout stands (it has no transactions); the site's ledger rows rolled back with the site's writes.
      expect(await crm.seatBenefits(made)).toEqual([]);
    });

    it("is checked out once per payment reference: told again, it answers the membership that checkout made, its seats as asked, with no second contribution", async () => {
      const crm = adapter();
      const { Id: schoolId } = await crm.createOrganisation({ LastName: "Borage School", Addresses: [] }, new Date());
      // Earlier payments of the school's, more than a page of the payment history, so the reference is on its second page.
      for (let n = 0; n < 130; n++) standIn.paymentHistory.push({ Id: 9_000_000 + n, ConstituentId: schoolId, PaymentAmount: 1, Notes: `pi_older_${n}` });
      const membership = { constituentId: schoolId, levelId: level, initiation: new Date(), expiration: yearOn(new Date()), seats, payment: { amount: 240, reference: "pi_3Borage" } };
      const { Id } = await crm.createMembership(membership);
      const sent = standIn.requests.length;
      const again = await crm.createMembership({ ...membership, seats: [{ benefitId: ids.seatBenefits.userSeat, available: 6 }] });
      expect(again).toEqual({ Id });
      expect(callsSince(sent)).toEqual(["GET /CRM/Memberships/Details", "GET /CRM/PaymentHistory", "GET /CRM/PaymentHistory"]);
      expect(standIn.checkedOut.filter((sale) => sale.constituentId === schoolId).map((sale) => [sale.membershipId, sale.payments.map((payment) => payment.Notes)])).toEqual([[Id, ["pi_3Borage"]]]);
      expect((await crm.seatBenefits(Id)).map((seat) => [seat.Benefit.Id, seat.TotalAvailable])).toEqual([
        [ids.seatBenefits.userSeat, 6],
        [ids.seatBenefits.adminSeat, 0],
      ]);
      // Another payment is another contribution.
      const { Id: other } = await crm.createMembership({ ...membership, payment: { amount: 240, reference: "pi_3BorageToo" } });
      expect(other).not.toBe(Id);
      expect(standIn.checkedOut.filter((sale) => sale.constituentId === schoolId)).toHaveLength(2);
    });

    it("free, is not checked out again while one at its level begun today runs; one begun before is no reason not to", async () => {
      const crm = adapter();
      const { Id: schoolId } = await crm.createOrganisation({ LastName: "Chervil School", Addresses: [] }, new Date());
      const free = { constituentId: schoolId, levelId: ids.membershipLevels.stateSchool, initiation: new Date(), expiration: yearOn(new Date()), seats };
      const { Id } = await crm.createMembership(free);
      expect(await crm.createMembership(free)).toEqual({ Id });
      expect(standIn.checkedOut.filter((sale) => sale.constituentId === schoolId)).toHaveLength(1);

      const { Id: otherSchool } = await crm.createOrganisation({ LastName: "Dill School", Addresses: [] }, new Date());
      standIn.addMembership(otherSchool, ids.membershipLevels.stateSchool, new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString(), yearOn(new Date()).toISOString());
      const { Id: made } = await crm.createMembership({ ...free, constituentId: otherSchool });
      expect(standIn.checkedOut.filter((sale) => sale.constituentId === otherSchool).map((sale) => sale.membershipId)).toEqual([made]);
    });

    it("for the monthly plan is at its own level, which Tessitura dates a month, and renews at it a month on; the yearly plan's runs a year", async () => {
      const crm = adapter();
      const person = async (name: string) => (await crm.createPerson({ FirstName: name, LastName: "Plan", Phone: "", PrefixId: -1, Email: `${name}.${Date.now()}@example.org` }, new Date()))!.Id;
      // As a card order's fulfilment does: the plan's priced level and period (server/payments/fulfilment.ts).
      const buy = (constituentId: number, plan: PricedPlan, reference: string) =>
        createOrRenewMembership(crm, ids, { constituentId, levelId: plan.levelId, period: plan.period, payment: { amount: plan.amountPence / 100, reference } }, new Date());
      const monthly = pricePlan(ids.membershipLevels, "individual-monthly", 1) as PricedPlan;
      const yearly = pricePlan(ids.membershipLevels, "individual-annual", 1) as PricedPlan;

      const monthlyMember = await person("Mona");
      const first = (await crm.membershipSummary(await buy(monthlyMember, monthly, "pi_month_1")))!;
      expect(standIn.checkedOut.at(-1)).toMatchObject({ contribution: { Amount: 39.99, MembershipLevelId: ids.membershipLevels.individualMonthly, Renew: false } });
      expect(first.MembershipLevel.Id).toBe(ids.membershipLevels.individualMonthly);
      expect(first.ExpirationDateTime).toBe(addBillingPeriod(new Date(first.InitiationDateTime), "month").toISOString());
      // Its next month: a renewal at the monthly level, running a month on from the first one's end.
      const second = (await crm.membershipSummary(await buy(monthlyMember, monthly, "pi_month_2")))!;
      expect(standIn.checkedOut.at(-1)).toMatchObject({ contribution: { MembershipLevelId: ids.membershipLevels.individualMonthly, Renew: true } });
      expect(second.MembershipLevel.Id).toBe(ids.membershipLevels.individualMonthly);
      expect(second.ExpirationDateTime).toBe(addBillingPeriod(new Date(first.ExpirationDateTime), "month").toISOString());

      const yearlyMember = await person("Yuri");
      const bought = (await crm.membershipSummary(await buy(yearlyMember, yearly, "pi_year_1")))!;
      expect(bought.MembershipLevel.Id).toBe(ids.membershipLevels.individual);
      expect(bought.ExpirationDateTime).toBe(addBillingPeriod(new Date(bought.InitiationDateTime), "year").toISOString());
    });

    it("for a constituent Tessitura does not know is refused, and nothing is checked out", async () => {
      const crm = adapter();
      const before = standIn.checkedOut.length;
      const refused = crm.createMembership({ constituentId: 987_654_321, levelId: level, initiation: new Date(), expiration: yearOn(new Date()), seats, payment: { amount: 10, reference: "pi_nobody" } });
      await expect(refused).rejects.toThrow(/Tessitura refused PUT \/TessituraService\/Web\/Session\/.*\/Constituents: 400/);
      expect(standIn.checkedOut.length).toBe(before);
    });
  });

  describe("a renewal, a change of seats and an end, for a membership Tessitura holds", () => {
    const day = 24 * 60 * 60 * 1000;
    const userSeat = ids.seatBenefits.userSeat;
    const level = ids.membershipLevels.seatLevels[0]!.id;
    const renewal = (reference: string) => ({ levelId: level, expiration: new Date(), seats: [{ benefitId: userSeat, available: 4 }], payment: { amount: 180, reference } });
    afterEach(() => {
      standIn.renewalsInPlace = false;
    });

    /** A school whose membership (30 days left, 3 seats, one held) the site has listed. */
    const school = async (name: string) => {
      const crm = adapter();
      const { Id: schoolId } = await crm.createOrganisation({ LastName: name, Addresses: [] }, new Date());
      const expiry = new Date(Date.now() + 30 * day).toISOString();
      const membershipId = standIn.addMembership(schoolId, level, new Date(Date.now() - day).toISOString(), expiry);
      await tessituraSeatLedger(database.db).setSeats(membershipId, [{ benefitId: userSeat, available: 3 }]);
      await crm.memberships(schoolId);
      const usage = await crm.claimSeat({ membershipId, benefitId: userSeat, constituentId: schoolId, usedAt: new Date() });
      return { crm, schoolId, membershipId, expiry, usageId: usage!.Id };
    };

    it("renews through a web cart (a contribution with Renew, paid with the provider's reference); a new record gets the seats, the one in use included", async () => {
      const { crm, schoolId, membershipId, expiry, usageId } = await school("Quince School");
      const sent = standIn.requests.length;
      const { Id } = await crm.renewMembership(membershipId, renewal("pi_3Quince"));
      const calls = callsSince(sent);
      expect(calls).toEqual([...paidCheckout, "GET /CRM/Affiliations"]);
      expect(standIn.checkedOut.at(-1)).toMatchObject({
        constituentId: schoolId,
        membershipId: Id,
        contribution: { Amount: 180, FundId: ids.fundId, MembershipLevelId: level, Renew: true },
        payments: [{ Amount: 180, PaymentMethodId: sale.paymentMethodId, Notes: "pi_3Quince" }],
      });
      expect(Id).not.toBe(membershipId);
      expect(await crm.seatBenefits(membershipId)).toEqual([]);
      expect((await crm.seatBenefits(Id)).map((seat) => [seat.TotalAvailable, seat.TotalRemaining])).toEqual([[4, 3]]);
      await crm.releaseSeat(usageId);
      expect((await crm.seatBenefits(Id)).map((seat) => seat.TotalRemaining)).toEqual([4]);
      // The old record is still Tessitura's, as it was.
      expect((await crm.membershipSummary(membershipId))?.ExpirationDateTime).toBe(expiry);
    });

    it("takes a renewal Tessitura makes in place too: the same id, running later, its seats where they were", async () => {
      standIn.renewalsInPlace = true;
      const { crm, membershipId, expiry } = await school("Rocket School");
      const { Id } = await crm.renewMembership(membershipId, renewal("pi_3Rocket"));
      expect(Id).toBe(membershipId);
      expect((await crm.membershipSummary(Id))!.ExpirationDateTime).toBe(standIn.expiryAfter(level, new Date(expiry)).toISOString());
      expect((await crm.seatBenefits(Id)).map((seat) => [seat.TotalAvailable, seat.TotalRemaining])).toEqual([[4, 3]]);
    });

    it("renews once per payment reference: told again, it answers the record that renewal made, with no second contribution", async () => {
      const { crm, schoolId, membershipId } = await school("Lovage School");
      const { Id } = await crm.renewMembership(membershipId, renewal("pi_3Lovage"));
      const sent = standIn.requests.length;
      expect(await crm.renewMembership(membershipId, renewal("pi_3Lovage"))).toEqual({ Id });
      expect(callsSince(sent).filter((call) => !call.startsWith("GET "))).toEqual([]);
      expect(standIn.checkedOut.filter((sale) => sale.constituentId === schoolId).map((sale) => [sale.membershipId, sale.contribution.Renew])).toEqual([[Id, true]]);
      expect((await crm.seatBenefits(Id)).map((seat) => [seat.TotalAvailable, seat.TotalRemaining])).toEqual([[4, 3]]);
    });

    it("after the site's transaction rolled back a renewal made as a new record, renewing that record with the same payment checks nothing out and gives it the old record's seats again", async () => {
      const { crm, schoolId, membershipId } = await school("Marjoram School");
      let made = 0;
      const failed = inTransaction(database.db, (trx) =>
        crm.inTransaction(async (unit) => {
          made = (await unit.renewMembership(membershipId, renewal("pi_3Marjoram"))).Id;
          throw new Error("the site's writes failed");
        }, { joining: trx }),
      );
      await expect(failed).rejects.toThrow("the site's writes failed");
      // Rolled back: the seats are still the old record's; Tessitura's new record stands, the latest the site finds.
      expect(await crm.seatBenefits(made)).toEqual([]);
      expect((await crm.memberships(schoolId))[0]!.Id).toBe(made);

      expect(await crm.renewMembership(made, renewal("pi_3Marjoram"))).toEqual({ Id: made });
      expect(standIn.checkedOut.filter((sale) => sale.constituentId === schoolId).map((sale) => sale.membershipId)).toEqual([made]);
      expect(await crm.seatBenefits(membershipId)).toEqual([]);
      expect((await crm.seatBenefits(made)).map((seat) => [seat.TotalAvailable, seat.TotalRemaining])).toEqual([[4, 3]]);
      // Which record it renews is kept again: an end reaches the old one too.
      const at = new Date();
      await crm.endMembership(made, at);
      expect((await crm.memberships(schoolId)).map((row) => row.ExpirationDateTime)).toEqual([at.toISOString(), at.toISOString()]);
    });

    it("refuses to renew a membership the site never created nor listed, and checks nothing out", async () => {
      const before = standIn.checkedOut.length;
      await expect(adapter().renewMembership(987_654_321, renewal("pi_none"))).rejects.toThrow(/lists no membership 987654321/);
      expect(standIn.checkedOut.length).toBe(before);
    });

    it("changes seats in the site's ledger only: Tessitura's level stays", async () => {
      const { crm, membershipId } = await school("Sage School");
      const sent = standIn.requests.length;
      await crm.changeMembershipSeats(membershipId, { levelId: ids.membershipLevels.seatLevels[2]!.id, seats: [{ benefitId: userSeat, available: 9 }] });
      expect(standIn.requests.slice(sent).filter((call) => !call.startsWith("GET "))).toEqual([]);
      expect((await crm.seatBenefits(membershipId)).map((seat) => seat.TotalAvailable)).toEqual([9]);
      expect((await crm.membershipSummary(membershipId))?.MembershipLevel.Id).toBe(level);
    });

    it("ends one in the site's own table, writing no membership in Tessitura; a renewal in place there afterwards lifts the end", async () => {
      const { crm, schoolId, membershipId } = await school("Thyme School");
      const at = new Date();
      const sent = standIn.requests.length;
      await crm.endMembership(membershipId, at);
      expect(standIn.requests.slice(sent).filter((call) => !call.startsWith("GET "))).toEqual([]);
      expect(standIn.memberships.get(membershipId)?.ExpirationDate).not.toBe(at.toISOString());
      // Another process (a new adapter) honours it: the end is in the site's database.
      expect((await adapter().memberships(schoolId)).map((row) => [row.Id, row.ExpirationDateTime])).toEqual([[membershipId, at.toISOString()]]);
      // Ending it again keeps Tessitura's expiry of the first time.
      await crm.endMembership(membershipId, new Date(at.getTime() + 1000));
      const renewedThere = new Date(Date.now() + 400 * day).toISOString();
      standIn.memberships.set(membershipId, { ...standIn.memberships.get(membershipId)!, ExpirationDate: renewedThere });
      expect((await crm.membershipSummary(membershipId))?.ExpirationDateTime).toBe(renewedThere);
    });
  });
});

describe("CRM_PROVIDER=tessitura settings", () => {
  const tessitura = {
    NODE_ENV: "test",
    SESSION_SECRET: "a".repeat(64),
    CRM_PROVIDER: "tessitura",
    TESSITURA_BASE_URL: "https://tess.example.org/TessituraService",
    TESSITURA_USER: "webapi",
    TESSITURA_USER_GROUP: "webapi",
    TESSITURA_MACHINE_LOCATION: "site",
    TESSITURA_PASSWORD: "s3cret",
    TESSITURA_PAYMENT_METHOD_ID: "12",
    TESSITURA_INVOICE_PAYMENT_METHOD_ID: "14",
  };

  it("are read when complete; the embedded CRM stays the default", () => {
    expect(loadConfig(tessitura)).toMatchObject({
      crmProvider: "tessitura",
      tessituraUser: "webapi",
      tessituraPaymentMethodId: 12,
      tessituraInvoicePaymentMethodId: 14,
      tessituraReferenceRefreshSeconds: 3600,
    });
    expect(loadConfig({ NODE_ENV: "test", SESSION_SECRET: "a".repeat(64) }).crmProvider).toBe("sql");
  });

  it("stop start-up with one line naming a missing or bad one", () => {
    expect(() => loadConfig({ ...tessitura, TESSITURA_PASSWORD: "" })).toThrow(
      new ConfigError("Invalid configuration: TESSITURA_PASSWORD is required when CRM_PROVIDER=tessitura (the API user's password, see docs/crm.md)."),
    );
    expect(() => loadConfig({ ...tessitura, TESSITURA_PAYMENT_METHOD_ID: undefined })).toThrow(
      new ConfigError("Invalid configuration: TESSITURA_PAYMENT_METHOD_ID is required when CRM_PROVIDER=tessitura (the payment method a paid membership's payment is recorded with, see docs/crm.md)."),
    );
    expect(() => loadConfig({ ...tessitura, TESSITURA_INVOICE_PAYMENT_METHOD_ID: undefined })).toThrow(
      new ConfigError(
        "Invalid configuration: TESSITURA_INVOICE_PAYMENT_METHOD_ID is required when CRM_PROVIDER=tessitura (the invoice payment method a school's membership ordered by invoice is recorded with, see docs/crm.md).",
      ),
    );
    expect(() => loadConfig({ ...tessitura, CRM_PROVIDER: "dynamics" })).toThrow(/^Invalid configuration: CRM_PROVIDER must be "sql" or "tessitura"/);
    expect(() => loadConfig({ ...tessitura, TESSITURA_USER: "web:api" })).toThrow(/^Invalid configuration: TESSITURA_USER must not contain a colon/);
  });
});

describe("the site with CRM_PROVIDER=tessitura", () => {
  let standIn: TessituraStandIn;
  let app: TestApp;

  beforeAll(async () => {
    standIn = new TessituraStandIn();
    standIn.countries.push({ Id: 777, Description: "Stand-in Land", Inactive: false });
    const baseUrl = await standIn.start();
    app = await createTestApp({
      env: {
        CRM_PROVIDER: "tessitura",
        TESSITURA_BASE_URL: baseUrl,
        TESSITURA_USER: STAND_IN_CREDENTIALS.user,
        TESSITURA_USER_GROUP: STAND_IN_CREDENTIALS.userGroup,
        TESSITURA_MACHINE_LOCATION: STAND_IN_CREDENTIALS.machineLocation,
        TESSITURA_PASSWORD: STAND_IN_CREDENTIALS.password,
        TESSITURA_PAYMENT_METHOD_ID: String(sale.paymentMethodId),
        TESSITURA_INVOICE_PAYMENT_METHOD_ID: String(sale.invoicePaymentMethodId),
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await standIn.stop();
  });
  afterEach(() => expect(standIn.violations).toEqual([]));

  it("answers the wizard's reference data from Tessitura", async () => {
    const response = await request(app.app).get("/account/countries/").expect(200);
    expect(response.body.countries).toContainEqual({ Id: 777, Description: "Stand-in Land" });
    expect(standIn.requests).toContain("GET /ReferenceData/Countries");
  });
});
