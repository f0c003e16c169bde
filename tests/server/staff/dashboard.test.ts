import { londonMonthOf } from "../../../server/staff/staff-dashboard";
import { addPerson } from "../accounts/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";

/*
 * The dashboard's figures (issue 28) through the front doors they are read
 * from: this month's paid orders and revenue from payments' takings, with
 * "this month" the calendar month in London.
 */

describe("this month in London", () => {
  it("starts at London's midnight on the 1st, in summer time and out of it", () => {
    // 00:30 on 1 April in London (BST) is still 31 March in UTC.
    expect(londonMonthOf(new Date("2026-03-31T23:30:00Z"))).toEqual({
      from: new Date("2026-03-31T23:00:00Z"),
      to: new Date("2026-04-30T23:00:00Z"),
      label: "April 2026",
    });
    expect(londonMonthOf(new Date("2026-12-31T23:59:00Z"))).toEqual({
      from: new Date("2026-12-01T00:00:00Z"),
      to: new Date("2027-01-01T00:00:00Z"),
      label: "December 2026",
    });
  });
});

describe.each(databaseEngines)("the dashboard's orders on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(() => t.close());

  it("counts this month's paid orders and adds up their amounts, leaving out unpaid ones and other months", async () => {
    const payer = await addPerson(t.database.db, { email: "payer@example.org" });
    const month = londonMonthOf(new Date());
    const inMonth = new Date(month.from.getTime() + 60 * 60 * 1000).toISOString();
    const before = new Date(month.from.getTime() - 60 * 1000).toISOString();
    const order = (status: "approved" | "unfulfilled" | "pending" | "declined", amount: number, at: string) => ({
      session_id: `order-${status}-${amount}-${at}`,
      constituent_id: payer,
      organisation_id: null,
      plan_type: "individual-annual",
      number_of_users: 1,
      level_id: 95,
      amount_pence: amount,
      status,
      provider: "sandbox",
      created_at: at,
      updated_at: at,
      fulfilled_at: null,
    });
    await t.database.db
      .insertInto("payment_orders")
      .values([order("approved", 2500, inMonth), order("unfulfilled", 1000, inMonth), order("pending", 9999, inMonth), order("declined", 500, inMonth), order("approved", 7000, before)])
      .execute();

    expect(await t.services.features.payments.takings(month.from, month.to)).toEqual({ orders: 2, revenuePence: 3500 });
    const figures = await t.services.features.staff.dashboard("support");
    expect(figures).toMatchObject({ ordersThisMonth: 2, revenueThisMonth: "£35.00", monthLabel: month.label, expiringWithinDays: 30 });
  });
});
