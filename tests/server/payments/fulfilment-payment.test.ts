import { createAuditLog } from "../../../server/audit/audit-log";
import type { CrmPort, MembershipRenewal, NewMembership } from "../../../server/crm/crm-port";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { fulfilOrder } from "../../../server/payments/fulfilment";
import { addPerson } from "../accounts/support";
import { standInCrm, TessituraStandIn } from "../crm/tessitura/stand-in";
import { ids } from "../memberships/support";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";

/*
 * A card payment reaches the CRM with the membership it makes (issue 30: on
 * Tessitura, the web cart's contribution records the amount and the payment
 * provider's reference, docs/crm.md); a school's invoice, not paid yet,
 * makes its membership with the amount owed on it (`invoiced`: on Tessitura
 * an invoice payment). The CRM is recorded at its port. On Tessitura (the
 * stand-in), a fulfilment whose transaction fails after the checkout is
 * completed by the notification told again, with no second contribution.
 */

/** The CRM, its createMembership (and renewMembership) calls recorded (inside a unit too). */
function recording(crm: CrmPort, calls: NewMembership[], renewals: MembershipRenewal[] = [], asNewRecord = false): CrmPort {
  return {
    ...crm,
    createMembership: (membership) => {
      calls.push(membership);
      return crm.createMembership(membership);
    },
    // As Tessitura may: the renewal is a new membership record, whose id the port answers.
    renewMembership: async (id, renewal) => {
      renewals.push(renewal);
      if (!asNewRecord) return crm.renewMembership(id, renewal);
      const holder = (await crm.membershipSummary(id))!.Constituent.Id;
      return crm.createMembership({ constituentId: holder, levelId: renewal.levelId, initiation: new Date(), expiration: renewal.expiration, seats: renewal.seats });
    },
    inTransaction: (work, options) => crm.inTransaction((inner) => work(recording(inner, calls, renewals, asNewRecord)), options),
  };
}

describe.each(databaseEngines)("what fulfilment tells the CRM about the payment, on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(() => database.dispose());

  it("passes a card payment's amount and reference with the new membership, and an invoice's amount as owed on it", async () => {
    const calls: NewMembership[] = [];
    const crm = recording(createSqlCrm(database.db, ids), calls);
    const deps = { db: database.db, crm, ids, audit: createAuditLog(database.db) };
    const order = async (email: string, id: number) => {
      const personId = await addPerson(database.db, { email });
      const at = new Date().toISOString();
      await database.db
        .insertInto("payment_orders")
        .values({ id, session_id: `s${id}`, constituent_id: personId, organisation_id: null, plan_type: "individual-annual", number_of_users: 1, level_id: ids.membershipLevels.individual, amount_pence: 6000, provider: "sandbox", created_at: at, updated_at: at })
        .execute();
      return { id, constituent_id: personId, organisation_id: null, plan_type: "individual-annual", level_id: ids.membershipLevels.individual, number_of_users: 1, amount_pence: 6000 };
    };

    expect((await fulfilOrder(deps, await order("card@example.org", 901), "sbx_paid_901", new Date())).kind).toBe("fulfilled");
    expect(calls.map((call) => call.payment)).toEqual([{ amount: 60, reference: "sbx_paid_901" }]);

    await fulfilOrder(deps, await order("invoice@example.org", 902), "invoice_902", new Date(), undefined, "invoiced");
    expect(calls).toHaveLength(2);
    expect(calls[1]!.payment).toEqual({ amount: 60, reference: "invoice_902", invoiced: true });
  });

  it("passes a renewal's payment too, and keeps the membership the renewal answers (a new record in Tessitura) as the order's", async () => {
    const calls: NewMembership[] = [];
    const renewals: MembershipRenewal[] = [];
    const crm = recording(createSqlCrm(database.db, ids), calls, renewals, true);
    const deps = { db: database.db, crm, ids, audit: createAuditLog(database.db) };
    const personId = await addPerson(database.db, { email: "renewer@example.org" });
    const order = async (id: number) => {
      const at = new Date().toISOString();
      await database.db
        .insertInto("payment_orders")
        .values({ id, session_id: `s${id}`, constituent_id: personId, organisation_id: null, plan_type: "individual-annual", number_of_users: 1, level_id: ids.membershipLevels.individual, amount_pence: 6000, provider: "sandbox", created_at: at, updated_at: at })
        .execute();
      return { id, constituent_id: personId, organisation_id: null, plan_type: "individual-annual", level_id: ids.membershipLevels.individual, number_of_users: 1, amount_pence: 6000 };
    };
    await fulfilOrder(deps, await order(911), "sbx_paid_911", new Date());
    expect(renewals).toEqual([]);
    await fulfilOrder(deps, await order(912), "sbx_paid_912", new Date());
    expect(renewals.map((renewal) => renewal.payment)).toEqual([{ amount: 60, reference: "sbx_paid_912" }]);
    const kept = await database.db.selectFrom("payment_orders").select(["id", "membership_id"]).where("id", "in", [911, 912]).orderBy("id").execute();
    const latest = (await crm.memberships(personId))[0]!.Id;
    expect(kept).toEqual([
      { id: 911, membership_id: expect.any(Number) },
      { id: 912, membership_id: latest },
    ]);
    expect(kept[0]!.membership_id).not.toBe(latest);
  });
});

describe.each(databaseEngines)("a card payment's fulfilment on Tessitura whose transaction fails after the checkout, on %s", (engine) => {
  let database: TestDatabase;
  let standIn: TessituraStandIn;
  let baseUrl: string;
  beforeAll(async () => {
    standIn = new TessituraStandIn();
    baseUrl = await standIn.start();
  });
  afterAll(() => standIn.stop());
  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(async () => {
    await database.dispose();
    expect(standIn.violations).toEqual([]);
  });

  /** The site's CRM on the stand-in, and a person Tessitura holds with an order of the yearly plan paid by card. */
  const paidOrder = async (id: number) => {
    const crm = standInCrm(baseUrl, database.db);
    const person = await crm.createPerson({ FirstName: "Pat", LastName: `Payer${id}`, Phone: "", PrefixId: -1, Email: `payer-${id}-${engine}@example.org` }, new Date());
    const personId = person!.Id;
    const at = new Date().toISOString();
    const row = { id, constituent_id: personId, organisation_id: null, plan_type: "individual-annual", level_id: ids.membershipLevels.individual, number_of_users: 1, amount_pence: 6000 };
    await database.db.insertInto("payment_orders").values({ ...row, session_id: `s${id}`, provider: "sandbox", created_at: at, updated_at: at }).execute();
    return { crm, personId, order: row, deps: { db: database.db, crm, ids, audit: createAuditLog(database.db) } };
  };
  /** The first telling: the membership is checked out, then the site's transaction fails (as if the database went away). */
  const failingAfterCheckout = () => {
    throw new Error("the database went away");
  };
  const checkedOutFor = (personId: number) => standIn.checkedOut.filter((sale) => sale.constituentId === personId);
  const orderRow = (id: number) => database.db.selectFrom("payment_orders").select(["status", "membership_id"]).where("id", "=", id).executeTakeFirstOrThrow();

  it("a new membership: told again, the order is fulfilled with the membership the first checkout made, one contribution in Tessitura", async () => {
    const { personId, order, deps } = await paidOrder(931);
    await expect(fulfilOrder(deps, order, "sbx_paid_931", new Date(), failingAfterCheckout)).rejects.toThrow("the database went away");
    const [sale] = checkedOutFor(personId);
    expect(sale).toMatchObject({ contribution: { Amount: 60, Renew: false }, payments: [{ Amount: 60, Notes: "sbx_paid_931" }] });
    expect(await orderRow(931)).toEqual({ status: "pending", membership_id: null });

    expect(await fulfilOrder(deps, order, "sbx_paid_931", new Date())).toEqual({ kind: "fulfilled", membershipId: sale!.membershipId });
    expect(await fulfilOrder(deps, order, "sbx_paid_931", new Date())).toEqual({ kind: "already" });
    expect(checkedOutFor(personId)).toEqual([sale]);
    expect(await orderRow(931)).toEqual({ status: "approved", membership_id: sale!.membershipId });
  });

  it("a renewal made as a new record: told again, the order keeps that record, one contribution with Renew in Tessitura", async () => {
    const { crm, personId, order, deps } = await paidOrder(932);
    const day = 24 * 60 * 60 * 1000;
    const expiring = standIn.addMembership(personId, ids.membershipLevels.individual, new Date(Date.now() - 300 * day).toISOString(), new Date(Date.now() + 20 * day).toISOString());
    await expect(fulfilOrder(deps, order, "sbx_paid_932", new Date(), failingAfterCheckout)).rejects.toThrow("the database went away");
    const [sale] = checkedOutFor(personId);
    expect(sale).toMatchObject({ contribution: { Amount: 60, Renew: true }, payments: [{ Notes: "sbx_paid_932" }] });
    expect(sale!.membershipId).not.toBe(expiring);

    expect(await fulfilOrder(deps, order, "sbx_paid_932", new Date())).toEqual({ kind: "fulfilled", membershipId: sale!.membershipId });
    expect(checkedOutFor(personId)).toEqual([sale]);
    expect(await orderRow(932)).toEqual({ status: "approved", membership_id: sale!.membershipId });
    expect((await crm.memberships(personId)).map((membership) => membership.Id)).toEqual([sale!.membershipId, expiring]);
  });
});
