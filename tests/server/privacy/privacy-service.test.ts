import { createAuditLog } from "../../../server/audit/audit-log";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import type { CrmPort } from "../../../server/crm/crm-port";
import { CURRENT_PASSWORD_WRONG_MESSAGE } from "../../../server/accounts/current-password-check";
import { strongPassword } from "../accounts/support";
import { takeSeat } from "../../../server/schools/seats/school-seats";
import { createPrivacyService } from "../../../server/privacy/privacy-service";
import { sampleContexts } from "../mail/support";
import { addSchool, seatRecords } from "../memberships/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { addPersonWithData, addSchoolAndResources, ids } from "./support";

/** Every row the deletion touches, for "nothing changed" checks. */
async function everything(t: TestApp) {
  const db = t.database.db;
  return {
    constituents: await db.selectFrom("constituents").selectAll().orderBy("id").execute(),
    credentials: await db.selectFrom("account_credentials").selectAll().orderBy("constituent_id").execute(),
    addresses: await db.selectFrom("addresses").selectAll().orderBy("id").execute(),
    notes: await db.selectFrom("teacher_notes").selectAll().orderBy("constituent_id").execute(),
    saved: await db.selectFrom("saved_resources").selectAll().orderBy("constituent_id").execute(),
    links: await db.selectFrom("share_links").selectAll().orderBy("id").execute(),
    orders: await db.selectFrom("payment_orders").selectAll().orderBy("id").execute(),
    requests: await db.selectFrom("requests").selectAll().orderBy("id").execute(),
    seats: await seatRecords(db),
    audit: await db.selectFrom("audit_events").selectAll().orderBy("id").execute(),
  };
}

describe.each(databaseEngines)("the privacy service on %s", (engine) => {
  let t: TestApp;
  let crm: CrmPort;
  let alice: number;
  let bob: number;
  let school: Awaited<ReturnType<typeof addSchoolAndResources>>;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    crm = createSqlCrm(t.database.db, ids);
    school = await addSchoolAndResources(t.database.db, crm, 2);
    const shared = { schoolId: school.schoolId, activityId: school.activityIds[0]!, resourceId: school.resourceId };
    alice = await addPersonWithData(t.database.db, crm, { ...shared, label: "alice", email: "alice@riverside.sch.uk" });
    bob = await addPersonWithData(t.database.db, crm, { ...shared, label: "bob", email: "bob@riverside.sch.uk" });
  });
  afterAll(() => t.close());

  const privacy = () => t.services.features.privacy;

  it("gives the person every section of their data, and nothing of anyone else's", async () => {
    const data = await privacy().personalData(alice);
    expect(data).toBeDefined();
    expect(data!.profile).toMatchObject({ email: "alice@riverside.sch.uk", firstName: "First-alice", lastName: "Baptiste", phoneNumber: "0161 alice" });
    expect(data!.profile.addresses).toEqual([expect.objectContaining({ street: ["1 alice Street"], city: "Leeds", postalCode: "LS2 7AB" })]);
    expect(data!.affiliations).toEqual([expect.objectContaining({ school: "Riverside Primary", role: "User", current: true, endDate: expect.any(String) })]);
    expect(data!.memberships).toEqual([expect.objectContaining({ level: "Individual", current: true })]);
    expect(data!.membershipReminders).toEqual({ wanted: true, optedOutAt: null });
    expect(data!.orders).toEqual([expect.objectContaining({ reference: "session-alice", amount: "£60.00", status: "approved", numberOfUsers: 1 })]);
    expect(data!.savedResources).toEqual([expect.objectContaining({ resourceId: 21, title: "Macbeth: the banquet", url: "/resources/macbeth-banquet/" })]);
    expect(data!.notes).toEqual([expect.objectContaining({ content: "Note by alice", activity: "Warm up", resource: "Macbeth: the banquet" })]);
    expect(data!.shareLinks).toEqual([
      expect.objectContaining({ type: "student", resource: "Macbeth: the banquet", link: `http://127.0.0.1:3000/resources/shared/token-alice-${"x".repeat(30)}/` }),
    ]);
    expect(data!.requests).toEqual([expect.objectContaining({ kind: "contact", subject: "General enquiry", message: "Message from alice", answers: [] })]);
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/bob/i);
  });

  it("changes nothing when the password is wrong, and says so beside the field", async () => {
    const before = await everything(t);
    const outcome = await privacy().deleteAccount(alice, { Password: "Not-the-password-1!" });
    expect(outcome).toMatchObject({ ok: false, reason: "invalid", errors: { Password: [CURRENT_PASSWORD_WRONG_MESSAGE] } });
    const empty = await privacy().deleteAccount(alice, {});
    expect(empty.ok).toBe(false);
    expect(await everything(t)).toEqual(before);
  });

  it("erases the person, ends their school role and frees its seat, keeps their order anonymised, and leaves others alone", async () => {
    const before = await everything(t);
    const beforeBenefit = before.seats.benefits.find((benefit) => benefit.benefit_id === ids.seatBenefits.userSeat)!;
    expect(beforeBenefit.total_used).toBe(2);
    const versionBefore = before.credentials.find((row) => row.constituent_id === alice)!.auth_version;

    await t.services.mailer.send({ to: "alice@riverside.sch.uk", template: "email-changed", context: sampleContexts["email-changed"] });
    const mailTo = (address: string) => t.database.db.selectFrom("mail_outbox").select("id").where("to_address", "=", address).execute();
    expect(await mailTo("alice@riverside.sch.uk")).toHaveLength(1);
    // Both asked for no membership reminders: Alice's choice goes with her account, Bob's stays.
    for (const person of [alice, bob]) await t.services.features.membershipReminders.setRemindersWanted(person, false, new Date());

    const outcome = await privacy().deleteAccount(alice, { Password: strongPassword }, "203.0.113.9");
    expect(outcome.ok).toBe(true);
    const recorded = await t.database.db.selectFrom("audit_events").selectAll().where("event", "=", "account.deleted").execute();
    expect(recorded).toEqual([expect.objectContaining({ actor_id: alice, subject_id: alice, ip: "203.0.113.9" })]);
    expect(await mailTo("alice@riverside.sch.uk")).toEqual([]);

    const after = await everything(t);
    const row = after.constituents.find((person) => person.id === alice)!;
    expect(row).toMatchObject({
      email: `deleted-${alice}@deleted.invalid`,
      first_name: "Deleted",
      last_name: "account",
      phone_number: "",
    });
    // No password, no verified address, and every session signed in as her ends (auth_version moved on).
    expect(after.credentials.find((credentials) => credentials.constituent_id === alice)).toEqual({
      constituent_id: alice,
      password_hash: null,
      email_verified_at: null,
      auth_version: versionBefore + 1,
    });
    expect(row.deleted_at).toEqual(expect.any(String));
    // Nothing of Alice's is left anywhere else; Bob's is all still there.
    for (const rows of [after.addresses, after.notes, after.saved, after.links]) {
      expect(rows.some((item) => item.constituent_id === alice)).toBe(false);
      expect(rows.some((item) => item.constituent_id === bob)).toBe(true);
    }
    // Her requests (the contact message) went; Bob's stayed.
    expect(after.requests.some((item) => item.person_id === alice)).toBe(false);
    expect(after.requests.some((item) => item.person_id === bob)).toBe(true);
    expect(JSON.stringify(after.requests)).not.toContain("alice");
    const optedOut = await t.database.db.selectFrom("membership_reminder_opt_outs").select("person_id").execute();
    expect(optedOut.map((row) => Number(row.person_id))).toEqual([bob]);
    // The order stays for accounting: same amount, date and plan, pointing at the anonymised row.
    expect(after.orders).toEqual(before.orders);
    // The seat came back through the seats code: her affiliation has ended and its usage stopped counting.
    const benefit = after.seats.benefits.find((item) => item.benefit_id === ids.seatBenefits.userSeat)!;
    expect(benefit.total_used).toBe(1);
    const ended = after.seats.affiliations.filter((affiliation) => affiliation.individual_constituent_id === alice);
    expect(ended.every((affiliation) => affiliation.end_date !== null && Date.parse(affiliation.end_date) <= Date.now())).toBe(true);
    expect(after.seats.usages.filter((usage) => usage.constituent_id === alice).every((usage) => usage.inactive === 1)).toBe(true);
    expect(await crm.affiliations({ groupConstituentId: school.schoolId, currentAt: new Date() })).toEqual([
      expect.objectContaining({ IndividualConstituent: expect.objectContaining({ Id: bob }) }),
    ]);
    expect(after.constituents.find((person) => person.id === bob)).toEqual(before.constituents.find((person) => person.id === bob));

    // She can never be found again: no session, no sign-in, no lookup, no data.
    const accounts = t.services.features.accounts;
    expect(await accounts.findSessionUser(alice)).toBeUndefined();
    expect((await accounts.checkCredentials({ email: "alice@riverside.sch.uk", password: strongPassword, address: "127.0.0.1" })).kind).toBe("refused");
    expect((await accounts.checkCredentials({ email: `deleted-${alice}@deleted.invalid`, password: "", address: "127.0.0.1" })).kind).toBe("refused");
    expect(await privacy().personalData(alice)).toBeUndefined();
  });

  it("warns a school's only admin, and deleting leaves the school with its other users", async () => {
    const db = t.database.db;
    const { schoolId } = await addSchool(db, crm, { name: "St Anne's", kind: "state", seats: 5 });
    const head = await addPersonWithData(db, crm, { label: "head", email: "head@st-anne.sch.uk", schoolId, activityId: school.activityIds[1]!, resourceId: 22 });
    const joiner = await addPersonWithData(db, crm, { label: "joiner", email: "joiner@st-anne.sch.uk", schoolId, activityId: school.activityIds[1]!, resourceId: 22 });
    await takeSeat(crm, ids, { schoolId, personId: head, role: "admin", now: new Date() });

    expect(await privacy().deletionWarnings(head)).toEqual({ soleAdminSchools: [{ schoolId, name: "St Anne's", otherMembers: 1 }] });
    expect(await privacy().deletionWarnings(joiner)).toEqual({ soleAdminSchools: [] });

    expect((await privacy().deleteAccount(head, { Password: strongPassword })).ok).toBe(true);
    const left = await crm.affiliations({ groupConstituentId: schoolId, currentAt: new Date() });
    expect(left.map((affiliation) => affiliation.IndividualConstituent.Id)).toEqual([joiner]);
  });

  it("is one transaction: a failure part-way leaves everything as it was", async () => {
    const db = t.database.db;
    const carol = await addPersonWithData(db, crm, { label: "carol", email: "carol@riverside.sch.uk", schoolId: school.schoolId, activityId: school.activityIds[2]!, resourceId: 22 });
    const failing = createPrivacyService({
      db,
      ids,
      // The CRM fails to erase the person, after seats, notes, saved resources and links have gone inside the transaction.
      crm: crmFailingToErase(createSqlCrm(db, ids)),
      ordersForExport: () => Promise.resolve([]),
      audit: createAuditLog(db),
      rateLimiter: t.services.rateLimiter,
      publicOrigin: "http://127.0.0.1:3000",
    });
    const before = await everything(t);
    await expect(failing.deleteAccount(carol, { Password: strongPassword })).rejects.toThrow("CRM down");
    expect(await everything(t)).toEqual(before);
    expect(await t.services.features.accounts.findSessionUser(carol)).toBeDefined();
  });
});

/** The CRM whose units (the deletion's) fail at erasePerson. */
function crmFailingToErase(embedded: CrmPort): CrmPort {
  return {
    ...embedded,
    inTransaction: (work, options) => embedded.inTransaction((inner) => work({ ...inner, erasePerson: () => Promise.reject(new Error("CRM down")) }), options),
  };
}
