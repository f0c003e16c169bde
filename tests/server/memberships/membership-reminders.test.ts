import pino from "pino";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import type { CrmPort } from "../../../server/crm/crm-port";
import { createDatabase, type DatabaseHandle } from "../../../server/db/database";
import { OutboxMailer } from "../../../server/mail/outbox-mailer";
import { createMembershipReminders, dueReminderDays, type MembershipReminders } from "../../../server/memberships/membership-reminders";
import { renewalByCard } from "../../../server/payments";
import { setRenews } from "../../../server/payments/subscriptions/subscription-ledger";
import { addRenewingPlan } from "../payments/support";
import { addDays, londonDateOf, londonWallClockToUtc } from "../../../server/shared/london-time";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { repositoryMailRenderer, testSender } from "../mail/support";
import { addMember, addSchool, ids, join } from "./support";

const DAY = 86_400_000;
const quiet = pino({ level: "silent" });
const days = [30, 7, 0];

/** The instant an hour into the London day `before` days before the day `expiry` falls on: a clock the test sets. */
function londonDayBefore(expiry: Date, before: number, time = "01:00"): Date {
  return londonWallClockToUtc(addDays(londonDateOf(expiry), -before), time);
}

describe("dueReminderDays: which reminder is due", () => {
  // Ends at 14:00 London time on 20 March 2027 (GMT); the 30-day reminder's day is 18 February.
  const expiry = new Date("2027-03-20T14:00:00Z");

  it("each reminder from the London midnight of its day, the most recent one due winning", () => {
    expect(dueReminderDays(expiry, new Date("2027-02-17T23:59:59Z"), days)).toBeUndefined();
    expect(dueReminderDays(expiry, new Date("2027-02-18T00:00:00Z"), days)).toBe(30);
    expect(dueReminderDays(expiry, new Date("2027-03-12T23:59:59Z"), days)).toBe(30);
    expect(dueReminderDays(expiry, new Date("2027-03-13T00:00:00Z"), days)).toBe(7);
    expect(dueReminderDays(expiry, new Date("2027-03-20T00:00:00Z"), days)).toBe(0);
  });

  it("never a reminder due before the term began: a month bought on 20 February hears 7 days before, not 30", () => {
    const bought = new Date("2027-02-20T10:00:00Z");
    expect(dueReminderDays(expiry, new Date("2027-02-20T11:00:00Z"), days, bought)).toBeUndefined();
    expect(dueReminderDays(expiry, new Date("2027-03-13T00:00:00Z"), days, bought)).toBe(7);
    expect(dueReminderDays(expiry, new Date("2027-03-20T00:00:00Z"), days, bought)).toBe(0);
    // Bought on the 7-day reminder's day itself: only the day's own.
    expect(dueReminderDays(expiry, new Date("2027-03-14T00:00:00Z"), days, new Date("2027-03-13T09:00:00Z"))).toBeUndefined();
    expect(dueReminderDays(expiry, new Date("2027-03-20T00:00:00Z"), days, new Date("2027-03-13T09:00:00Z"))).toBe(0);
  });

  it("nothing once it has ended (a full refund ends it early, and it hears nothing)", () => {
    expect(dueReminderDays(expiry, new Date("2027-03-20T13:59:59Z"), days)).toBe(0);
    expect(dueReminderDays(expiry, expiry, days)).toBeUndefined();
    expect(dueReminderDays(expiry, new Date("2027-03-20T15:00:00Z"), days)).toBeUndefined();
  });

  it("a membership ending at London midnight has its last day the day before", () => {
    const midnight = new Date("2027-03-21T00:00:00Z");
    expect(dueReminderDays(midnight, new Date("2027-03-20T00:00:00Z"), days)).toBe(0);
    expect(dueReminderDays(midnight, new Date("2027-03-13T00:00:00Z"), days)).toBe(7);
    expect(dueReminderDays(midnight, new Date("2027-03-12T23:59:59Z"), days)).toBe(30);
  });

  it("counts London days across a clock change (BST starts on 28 March 2027)", () => {
    const summer = new Date("2027-04-02T10:00:00Z");
    // 26 March is 7 days before 2 April; London midnight then is 00:00 GMT, and on 2 April it is 23:00 UTC the day before.
    expect(dueReminderDays(summer, new Date("2027-03-26T00:00:00Z"), days)).toBe(7);
    expect(dueReminderDays(summer, new Date("2027-04-01T23:00:00Z"), days)).toBe(0);
    expect(dueReminderDays(summer, new Date("2027-04-01T22:59:59Z"), days)).toBe(7);
  });
});

describe.each(databaseEngines)("membership reminders on %s", (engine) => {
  let database: TestDatabase;
  let crm: CrmPort;
  let reminders: MembershipReminders;
  // Memberships made now end on a London afternoon 60 days ahead; the test's clock walks up to it.
  const expiry = new Date(Math.floor((Date.now() + 60 * DAY) / DAY) * DAY + 14 * 3_600_000);

  function remindersOn(db: DatabaseHandle["db"]): MembershipReminders {
    return createMembershipReminders({
      db,
      crm: createSqlCrm(db, ids),
      ids,
      mailer: new OutboxMailer({ db, renderer: repositoryMailRenderer(), from: testSender }),
      logger: quiet,
      publicUrl: "http://127.0.0.1:3000",
      reminderDays: days,
      renewalByCard: (membershipId) => renewalByCard(db, membershipId),
    });
  }

  /** The person's plan renewing by card at the membership's end (the payments ledger, as a checkout records it). */
  function renewingPlan(personId: number, membershipId: number, period: "month" | "year") {
    return addRenewingPlan(database.db, {
      constituentId: personId,
      planType: period === "year" ? "individual-annual" : "individual-monthly",
      levelId: ids.membershipLevels.individual,
      amountPence: period === "year" ? 6000 : 3999,
      period,
      providerSubscriptionRef: `sbx_sub_${membershipId}`,
      membershipId,
      currentPeriodEnd: expiry,
    });
  }

  async function ownMembership(personId: number, expiration: Date): Promise<number> {
    const { Id } = await crm.createMembership({ constituentId: personId, levelId: ids.membershipLevels.individual, initiation: new Date(Date.now() - DAY), expiration, seats: [] });
    return Id;
  }

  async function mailsTo(address: string) {
    return database.db.selectFrom("mail_outbox").select(["template", "subject", "text_body", "html_body"]).where("to_address", "=", address).orderBy("id").execute();
  }

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    crm = createSqlCrm(database.db, ids);
    reminders = remindersOn(database.db);
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("sends a member each reminder on its day, once, however often it runs", async () => {
    const personId = await addMember(database.db, "ada@example.org");
    await ownMembership(personId, expiry);

    expect(await reminders.sendDue(londonDayBefore(expiry, 31, "23:00"))).toEqual({ sent: 0 });
    expect(await mailsTo("ada@example.org")).toEqual([]);

    expect(await reminders.sendDue(londonDayBefore(expiry, 30))).toEqual({ sent: 1 });
    expect(await reminders.sendDue(londonDayBefore(expiry, 30, "02:00"))).toEqual({ sent: 0 });
    expect(await reminders.sendDue(londonDayBefore(expiry, 20))).toEqual({ sent: 0 });
    expect(await reminders.sendDue(londonDayBefore(expiry, 7))).toEqual({ sent: 1 });
    expect(await reminders.sendDue(londonDayBefore(expiry, 3))).toEqual({ sent: 0 });
    expect(await reminders.sendDue(londonDayBefore(expiry, 0))).toEqual({ sent: 1 });
    expect(await reminders.sendDue(new Date(expiry.getTime() + 60_000))).toEqual({ sent: 0 });
    expect(await reminders.sendDue(londonDayBefore(expiry, -1))).toEqual({ sent: 0 });

    const mails = await mailsTo("ada@example.org");
    expect(mails.map((mail) => mail.template)).toEqual(["membership-reminder", "membership-reminder", "membership-reminder"]);
    const endsOn = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" }).format(expiry);
    expect(mails[0]!.subject).toBe(`Your membership of Greyfriars Playhouse ends on ${endsOn}`);
    expect(mails[0]!.text_body).toContain("in 30 days");
    expect(mails[1]!.text_body).toContain("in 7 days");
    expect(mails[2]!.subject).toBe("Your membership of Greyfriars Playhouse ends today");
    for (const mail of mails) {
      // Straight to renewal, and how to stop reminders.
      expect(mail.text_body).toContain("http://127.0.0.1:3000/account/register/?link-school=true&renew=individual&next=%2Faccount%2Fmy-account%2F");
      expect(mail.text_body).toContain("http://127.0.0.1:3000/account/my-account/#membership-reminders");
      expect(mail.text_body).not.toContain("Turn automatic renewal back on");
      expect(mail.html_body).toContain('href="http://127.0.0.1:3000/account/my-account/#membership-reminders"');
    }
  });

  it("a yearly plan renewing by card gets one renewal notice in its term, opted out or not; a monthly one none; with renewal off, the reminders again", async () => {
    const yearly = await addMember(database.db, "yearly@example.org");
    const subscription = await renewingPlan(yearly, await ownMembership(yearly, expiry), "year");
    await reminders.setRemindersWanted(yearly, false, new Date());
    const monthly = await addMember(database.db, "monthly@example.org");
    await renewingPlan(monthly, await ownMembership(monthly, expiry), "month");

    expect(await reminders.sendDue(londonDayBefore(expiry, 30))).toEqual({ sent: 1 });
    expect(await reminders.sendDue(londonDayBefore(expiry, 7))).toEqual({ sent: 0 });
    expect(await reminders.sendDue(londonDayBefore(expiry, 0))).toEqual({ sent: 0 });
    const [notice, ...more] = await mailsTo("yearly@example.org");
    expect(more).toEqual([]);
    const renewsOn = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" }).format(expiry);
    expect(notice).toMatchObject({ template: "membership-renewal-notice", subject: `Your membership renews on ${renewsOn}` });
    expect(notice!.text_body).toContain("(Individual Annual plan £60.00) renews automatically on");
    expect(notice!.text_body).toContain("We'll take £60.00 from the card you paid with");
    expect(notice!.text_body).toContain("http://127.0.0.1:3000/account/my-account/#membership");
    expect(await mailsTo("monthly@example.org")).toEqual([]);

    // Renewal turned off: it ends after all, and the reminders say so (the notice already sent this term, the 7-day one comes).
    await setRenews(database.db, subscription, false);
    await reminders.setRemindersWanted(yearly, true, new Date());
    expect(await reminders.sendDue(londonDayBefore(expiry, 6))).toEqual({ sent: 1 });
    const mails = await mailsTo("yearly@example.org");
    expect(mails.map((mail) => mail.template)).toEqual(["membership-renewal-notice", "membership-reminder"]);
    // The card is on file: the reminder offers to renew with it in one click, on the Membership tab.
    expect(mails[1]!.text_body).toContain('Or keep the card you paid with last time: one click on "Turn automatic renewal back on"');
    expect(mails[1]!.text_body).toContain("http://127.0.0.1:3000/account/my-account/#renewing-plans");
    expect(mails[1]!.html_body).toContain('href="http://127.0.0.1:3000/account/my-account/#renewing-plans"');
  });

  it("sends only the most recent reminder due: a round first run 5 days before the end sends the 7-day one, not the 30-day one late", async () => {
    const personId = await addMember(database.db, "late@example.org");
    await ownMembership(personId, expiry);
    expect(await reminders.sendDue(londonDayBefore(expiry, 5))).toEqual({ sent: 1 });
    expect((await mailsTo("late@example.org")).map((mail) => mail.text_body?.includes("in 7 days"))).toEqual([true]);
  });

  it("does not remind a month bought today that 30 days are left", async () => {
    const personId = await addMember(database.db, "monthly@example.org");
    const bought = londonDayBefore(expiry, 29, "10:00");
    await crm.createMembership({ constituentId: personId, levelId: ids.membershipLevels.individual, initiation: bought, expiration: expiry, seats: [] });
    expect(await reminders.sendDue(new Date(bought.getTime() + 3_600_000))).toEqual({ sent: 0 });
    expect(await reminders.sendDue(londonDayBefore(expiry, 7))).toEqual({ sent: 1 });
    expect((await mailsTo("monthly@example.org")).map((mail) => mail.text_body?.includes("in 7 days"))).toEqual([true]);
  });

  it("sends nothing to a member who opted out, and again once they opt back in", async () => {
    const personId = await addMember(database.db, "quiet@example.org");
    await ownMembership(personId, expiry);
    expect(await reminders.remindersWanted(personId)).toBe(true);
    await reminders.setRemindersWanted(personId, false, new Date());
    await reminders.setRemindersWanted(personId, false, new Date());
    expect(await reminders.remindersWanted(personId)).toBe(false);

    await reminders.sendDue(londonDayBefore(expiry, 30));
    expect(await mailsTo("quiet@example.org")).toEqual([]);

    await reminders.setRemindersWanted(personId, true, new Date());
    expect(await reminders.remindersWanted(personId)).toBe(true);
    await reminders.sendDue(londonDayBefore(expiry, 7));
    expect((await mailsTo("quiet@example.org")).length).toBe(1);
  });

  it("reminds nobody whose later membership outlasts the one ending", async () => {
    const personId = await addMember(database.db, "renewed@example.org");
    await ownMembership(personId, expiry);
    await ownMembership(personId, new Date(expiry.getTime() + 365 * DAY));
    expect(await reminders.sendDue(londonDayBefore(expiry, 30))).toEqual({ sent: 0 });
    expect(await mailsTo("renewed@example.org")).toEqual([]);
  });

  it("reminds a membership renewed in place again before its new end", async () => {
    const personId = await addMember(database.db, "again@example.org");
    const membershipId = await ownMembership(personId, expiry);
    await reminders.sendDue(londonDayBefore(expiry, 7));
    const later = new Date(expiry.getTime() + 365 * DAY);
    await crm.renewMembership(membershipId, { levelId: ids.membershipLevels.individual, expiration: later, seats: [] });
    expect(await reminders.sendDue(londonDayBefore(later, 30))).toEqual({ sent: 1 });
    expect((await mailsTo("again@example.org")).length).toBe(2);
  });

  it("sends a school's admins, not its users, one mail each saying how many people lose access", async () => {
    const { schoolId } = await addSchool(database.db, crm, { name: "Riverside Primary", seats: 10, expiresAt: expiry });
    const admin = await addMember(database.db, "head@riverside.example");
    const quietAdmin = await addMember(database.db, "deputy@riverside.example");
    const teacher = await addMember(database.db, "teacher@riverside.example");
    const pupil = await addMember(database.db, "user@riverside.example");
    await join(crm, schoolId, admin, "admin");
    await join(crm, schoolId, quietAdmin, "admin");
    await join(crm, schoolId, teacher, "user");
    await join(crm, schoolId, pupil, "user");
    await reminders.setRemindersWanted(quietAdmin, false, new Date());

    expect(await reminders.sendDue(londonDayBefore(expiry, 30))).toEqual({ sent: 1 });
    expect(await reminders.sendDue(londonDayBefore(expiry, 30))).toEqual({ sent: 0 });
    expect(await reminders.sendDue(londonDayBefore(expiry, 0))).toEqual({ sent: 1 });

    const mails = await mailsTo("head@riverside.example");
    expect(mails.map((mail) => mail.template)).toEqual(["school-membership-reminder", "school-membership-reminder"]);
    expect(mails[0]!.text_body).toContain("Then 4 people at the school will lose access");
    expect(mails[0]!.text_body).toContain("http://127.0.0.1:3000/account/register/?link-school=true&renew=school&next=%2Faccount%2Fmy-account%2F%23school");
    expect(mails[1]!.subject).toBe("The membership of Riverside Primary ends today");
    expect(mails[1]!.text_body).toContain("Then 4 people at the school will lose access");
    for (const other of ["deputy@riverside.example", "teacher@riverside.example", "user@riverside.example"]) expect(await mailsTo(other)).toEqual([]);
  });

  it("with two workers racing (on PostgreSQL two connection pools, as two processes have), sends each reminder exactly once", async () => {
    const people: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      const email = `racer${index}@example.org`;
      people.push(email);
      await ownMembership(await addMember(database.db, email), expiry);
    }
    // SQLite: two handles in one process would stall each other (better-sqlite3 waits for a busy file synchronously,
    // so the holder of the write lock never gets to commit); separate processes share the file's write lock. Here one handle.
    const other = engine === "postgres" ? createDatabase(database.url, { maxConnections: 4 }) : undefined;
    try {
      const workers = [reminders, remindersOn(other?.db ?? database.db)];
      const at = londonDayBefore(expiry, 7);
      const rounds = await Promise.all([...workers, ...workers].map((worker) => worker.sendDue(at)));
      expect(rounds.reduce((total, round) => total + round.sent, 0)).toBe(12);
      for (const email of people) expect((await mailsTo(email)).length).toBe(1);
      const claims = await database.db.selectFrom("membership_reminders").select(["membership_id", "days_before", "recipients"]).execute();
      expect(claims.length).toBe(12);
      expect(claims.every((claim) => claim.days_before === 7 && claim.recipients === 1)).toBe(true);
    } finally {
      await other?.close();
    }
  });
});
