import { addPerson } from "../accounts/support";
import { addSchool, crmOf } from "../memberships/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { enrolledStaff, formTokenOf, staffToken, type EnrolledStaff } from "../staff/support";
import { addRenewingPlan } from "../payments/support";

/*
 * The back office's Orders pages (issue 28, docs/back-office.md "Orders"),
 * through the real app: finance staff list orders with filters, open one,
 * and download the same list as CSV, streamed in batches and audited; the
 * membership role is refused on the server.
 */

describe.each(databaseEngines)("the Orders pages on %s", (engine) => {
  let t: TestApp;
  let finance: EnrolledStaff;
  let membership: EnrolledStaff;
  let payer: number;
  let schoolId: number;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    finance = await enrolledStaff(t, "finance");
    membership = await enrolledStaff(t, "membership");
    payer = await addPerson(t.database.db, { email: "=cmd|' /C calc'!A0@example.org", firstName: "Bursar" });
    ({ schoolId } = await addSchool(t.database.db, crmOf(t), { name: "Lowther Grammar", kind: "independent" }));
    const at = (iso: string) => ({ created_at: iso, updated_at: iso });
    const order = (session: string, status: "approved" | "pending" | "declined", plan: string, amount: number, iso: string, organisation: number | null = null) => ({
      session_id: session,
      constituent_id: payer,
      organisation_id: organisation,
      plan_type: plan,
      number_of_users: organisation ? 10 : 1,
      level_id: organisation ? 97 : 95,
      amount_pence: amount,
      status,
      provider: "sandbox",
      provider_reference: `sbx_${session}`,
      ...at(iso),
      fulfilled_at: status === "approved" ? iso : null,
    });
    await t.database.db
      .insertInto("payment_orders")
      .values([
        order("ord-annual", "approved", "individual-annual", 4500, "2026-10-01T09:00:00.000Z"),
        order("ord-school", "approved", "school-annual", 50000, "2026-10-20T09:00:00.000Z", schoolId),
        order("ord-pending", "pending", "individual-monthly", 399, "2026-11-02T09:00:00.000Z"),
        order("ord-declined", "declined", "individual-annual", 4500, "2026-11-03T23:30:00.000Z"),
      ])
      .execute();
  });
  afterAll(() => t.close());

  const page = (staff: EnrolledStaff, path: string) => staff.agent.get(path).set("Accept", "text/html");
  const rowsOf = (html: string) => (html.match(/<tr>/g) ?? []).length - 1;

  it("lists every order newest first, and filters by status, plan, London dates and reference", async () => {
    const all = await page(finance, "/staff/orders/");
    expect(all.status).toBe(200);
    expect(all.text).toContain("4 orders");
    expect(all.text).toMatch(/Bursar Baptiste<br><span class="staff-table__quiet">for Lowther Grammar<\/span>/);

    expect(rowsOf((await page(finance, "/staff/orders/?status=approved")).text)).toBe(2);
    expect(rowsOf((await page(finance, "/staff/orders/?plan=school-annual")).text)).toBe(1);
    // 23:30 UTC on 3 November is still 3 November in London (GMT): inside "until 3 November".
    const november = await page(finance, "/staff/orders/?from=2026-11-01&to=2026-11-03");
    expect(rowsOf(november.text)).toBe(2);
    expect(rowsOf((await page(finance, "/staff/orders/?ref=sbx_ord-school")).text)).toBe(1);

    const badDate = await page(finance, "/staff/orders/?from=yesterday");
    expect(badDate.text).toContain("“yesterday” is not a date, so the from date was left out.");
    expect(badDate.text).toContain('id="from" name="from" type="date" value=""');
    expect(badDate.text).toContain("4 orders");
  });

  it("shows one order with its payer and school", async () => {
    const id = (await t.database.db.selectFrom("payment_orders").select("id").where("session_id", "=", "ord-school").executeTakeFirstOrThrow()).id;
    const order = await page(finance, `/staff/orders/${id}/`);
    expect(order.status).toBe(200);
    expect(order.text).toContain("For the school</dt><dd>Lowther Grammar");
    expect(order.text).toContain(`href="/staff/people/${payer}/"`);
    expect(order.text).toContain("£500.00");
    expect((await page(finance, "/staff/orders/999999/")).status).toBe(404);
  });

  it("shows a renewing plan on its order's page; finance turn its renewal off for the payer (audited as theirs), and the membership role cannot", async () => {
    const order = await t.database.db.selectFrom("payment_orders").select("id").where("session_id", "=", "ord-annual").executeTakeFirstOrThrow();
    const subscriptionId = await addRenewingPlan(t.database.db, {
      constituentId: payer,
      membershipId: null,
      providerSubscriptionRef: "sbx_sub_ord-annual",
      currentPeriodEnd: new Date("2027-10-01T09:00:00.000Z"),
    });
    await t.database.db.updateTable("payment_orders").set({ subscription_id: subscriptionId }).where("id", "=", order.id).execute();

    const shown = await page(finance, `/staff/orders/${order.id}/`);
    expect(shown.text).toContain("<dt>Automatic renewal</dt><dd>On: £45.00 each year</dd>");
    expect(shown.text).toContain("<dt>Next payment</dt><dd>1 October 2027</dd>");
    const post = (staff: EnrolledStaff, token: string, renews: string) =>
      staff.agent.post(`/staff/orders/${order.id}/renewal/`).type("form").set("Accept", "text/html").send({ _csrf: token, renews });
    expect((await post(membership, await staffToken(membership.agent, "/staff/"), "off")).status).toBe(403);

    const off = await post(finance, formTokenOf(shown.text), "off");
    expect(off.status).toBe(303);
    const after = await page(finance, `/staff/orders/${order.id}/`);
    expect(after.text).toContain("The plan won&#39;t renew: it runs to the end of what was paid, and the payer won&#39;t be charged again.");
    expect(after.text).toContain("<dt>Automatic renewal</dt><dd>Off</dd>");
    expect(after.text).toContain("Turn automatic renewal back on");
    expect((await t.database.db.selectFrom("payment_subscriptions").select("renews").where("id", "=", subscriptionId).executeTakeFirstOrThrow()).renews).toBe(0);
    const audit = await t.database.db.selectFrom("audit_events").select(["actor_id", "staff_actor_id", "subject_id", "details"]).where("event", "=", "subscription.renewal-changed").execute();
    const { id: financeId } = await t.database.db.selectFrom("staff_accounts").select("id").where("email", "=", finance.email).executeTakeFirstOrThrow();
    expect(audit.map((entry) => ({ ...entry, details: JSON.parse(entry.details) }))).toEqual([{ actor_id: null, staff_actor_id: financeId, subject_id: payer, details: { subscriptionId, renews: "no" } }]);
  });

  it("downloads the filtered orders as CSV, header first, a typed formula defused, and audits the export with its filters", async () => {
    const csv = await finance.agent.get("/staff/orders/export.csv?status=approved").buffer(true).parse((res, done) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      res.on("end", () => done(null, text));
    });
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.headers["cache-control"]).toContain("no-store");
    const lines = (csv.body as string).trimEnd().split("\r\n");
    expect(lines[0]).toBe("order_id,reference,provider,provider_reference,placed_at,status,plan_type,plan,users,amount_pence,currency,payer_id,payer_email,school_id,membership_id,fulfilled_at");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(",ord-annual,sandbox,sbx_ord-annual,2026-10-01T09:00:00.000Z,approved,individual-annual,");
    expect(lines[1]).toContain(`,${payer},'=cmd|' /C calc'!A0@example.org,,`);
    const audit = await t.database.db.selectFrom("audit_events").selectAll().where("event", "=", "export.downloaded").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit.staff_actor_id).toEqual(expect.any(Number));
    expect(JSON.parse(audit.details)).toEqual({ export: "orders", status: "approved" });
  });

  it("exports past one batch: every order once, in order", async () => {
    const iso = "2026-09-01T09:00:00.000Z";
    const many = Array.from({ length: 1203 }, (_, index) => ({
      session_id: `bulk-${index}`,
      constituent_id: payer,
      organisation_id: null,
      plan_type: "individual-monthly",
      number_of_users: 1,
      level_id: 95,
      amount_pence: 399,
      status: "failed" as const,
      provider: "stripe",
      created_at: iso,
      updated_at: iso,
    }));
    for (let start = 0; start < many.length; start += 400) await t.database.db.insertInto("payment_orders").values(many.slice(start, start + 400)).execute();
    const csv = await finance.agent.get("/staff/orders/export.csv?status=failed&provider=stripe").buffer(true).parse((res, done) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      res.on("end", () => done(null, text));
    });
    const references = (csv.body as string).trimEnd().split("\r\n").slice(1).map((line) => line.split(",")[1]);
    expect(references).toEqual(many.map((order) => order.session_id));
  });

  it("refuses the membership role everything here on the server (403), export included, recording no export", async () => {
    const before = await t.database.db.selectFrom("audit_events").select((eb) => eb.fn.countAll<number | string>().as("n")).where("event", "=", "export.downloaded").executeTakeFirstOrThrow();
    for (const path of ["/staff/orders/", "/staff/orders/1/", "/staff/orders/export.csv"]) expect((await page(membership, path)).status, path).toBe(403);
    const after = await t.database.db.selectFrom("audit_events").select((eb) => eb.fn.countAll<number | string>().as("n")).where("event", "=", "export.downloaded").executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await page(membership, "/staff/")).text).not.toContain('href="/staff/orders/"');
  });
});
