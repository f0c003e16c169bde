import { createAuditLog } from "../../../server/audit/audit-log";
import { createEmailVerificationService } from "../../../server/accounts/email-verification";
import type { CrmPort } from "../../../server/crm/crm-port";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { createSeatGrantsService, type SeatGrantsService } from "../../../server/schools/seats/seat-grants";
import { isRefusal } from "../../../server/shared/refusal";
import { NO_SEATS_MESSAGE } from "../../../server/schools/seats/seat-grants-refusals";
import { InProcessRateLimiter } from "../../../server/rate-limit/rate-limit";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { addMember, addSchool, capturedLogger, ids, join, seatRecords } from "./support";

const userSeat = ids.seatBenefits.userSeat;
const adminSeat = ids.seatBenefits.adminSeat;

describe.each(databaseEngines)("seat grants on %s", (engine) => {
  let database: TestDatabase;
  let crm: CrmPort;
  let seats: SeatGrantsService;
  let log: ReturnType<typeof capturedLogger>;
  let verification: ReturnType<typeof createEmailVerificationService>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    crm = createSqlCrm(database.db, ids);
    log = capturedLogger();
    verification = createEmailVerificationService({
      db: database.db,
      crm,
      mailer: { send: () => Promise.resolve() },
      rateLimiter: new InProcessRateLimiter(),
      logger: log.logger,
      publicUrl: "http://127.0.0.1:3000",
    });
    seats = createSeatGrantsService({ db: database.db, crm, ids, logger: log.logger, verification, audit: createAuditLog(database.db) });
  });
  afterAll(() => database.dispose());

  const claim = (personId: number, membershipId: number, benefitId = userSeat, constituentId = personId) =>
    seats.claimSeat(personId, { benefitId, constituentId, membershipId });

  /** Runs `work`, expects the refusal, and that no seat, affiliation or membership changed. */
  const expectRefusedWithoutChange = async (work: () => Promise<unknown>, reason: string, rule: string, message?: string) => {
    const before = await seatRecords(database.db);
    const outcome = await work();
    expect(outcome).toMatchObject({ ok: false, reason, rule, ...(message && { message }) });
    expect(await seatRecords(database.db)).toEqual(before);
    expect(log.lines.at(-1)).toMatchObject({ level: 40, rule, msg: "seat request refused" });
  };

  describe("joining a school (user seat)", () => {
    it("joins a verified person whose email domain is the school's (trimmed, lower case), recording usage and affiliation together", async () => {
      const { membershipId } = await addSchool(database.db, crm, { name: "Oakfield", kind: "state", domains: [" Oakfield.SCH.uk "], seats: "unlimited" });
      const person = await addMember(database.db, "ann@OAKFIELD.sch.uk");
      const outcome = await claim(person, membershipId!);
      expect(outcome).toMatchObject({ kind: "joined", usageId: expect.any(Number), affiliationId: expect.any(Number) });
      if (isRefusal(outcome) || outcome.kind !== "joined") return;
      const affiliation = await crm.affiliation(outcome.affiliationId);
      expect(affiliation).toMatchObject({ AffiliationType: { Id: ids.affiliationTypes.user }, Salary: outcome.usageId, EndDate: null });
      // A second claim holds the same seat rather than taking another.
      expect(await claim(person, membershipId!)).toEqual({ kind: "already", usageId: outcome.usageId, affiliationId: outcome.affiliationId });
    });

    it("refuses a claim for someone else (403)", async () => {
      const { membershipId } = await addSchool(database.db, crm, { name: "Elm", kind: "state", domains: ["elm.sch.uk"], seats: "unlimited" });
      const me = await addMember(database.db, "me@elm.sch.uk");
      const other = await addMember(database.db, "other@elm.sch.uk");
      await expectRefusedWithoutChange(() => claim(me, membershipId!, userSeat, other), "forbidden", "self-only");
    });

    it("refuses an unverified email (403), a foreign domain (403) and a school without domains (403)", async () => {
      const { membershipId } = await addSchool(database.db, crm, { name: "Ash", kind: "state", domains: ["ash.sch.uk"], seats: "unlimited" });
      const unverified = await addMember(database.db, "new@ash.sch.uk", { verified: false });
      await expectRefusedWithoutChange(() => claim(unverified, membershipId!), "forbidden", "verified-email");
      const foreign = await addMember(database.db, "ash@gmail.com");
      await expectRefusedWithoutChange(() => claim(foreign, membershipId!), "forbidden", "email-domain");
      const lookalike = await addMember(database.db, "x@notash.sch.uk");
      await expectRefusedWithoutChange(() => claim(lookalike, membershipId!), "forbidden", "email-domain");
      const bare = await addSchool(database.db, crm, { name: "Bare", kind: "state", seats: "unlimited" });
      const bareTeacher = await addMember(database.db, "t@bare.sch.uk");
      await expectRefusedWithoutChange(() => claim(bareTeacher, bare.membershipId!), "forbidden", "email-domain");
    });

    it("refuses an unknown membership (404), an individual's membership (404, as unknown), an expired one (409) and an unknown benefit (400)", async () => {
      const person = await addMember(database.db, "p@yew.sch.uk");
      await expectRefusedWithoutChange(() => claim(person, 987654), "not-found", "membership-exists");
      const own = await crm.createMembership({
        constituentId: person,
        levelId: ids.membershipLevels.individual,
        initiation: new Date(),
        expiration: new Date(Date.now() + 86_400_000),
        seats: [{ benefitId: userSeat, available: 1 }],
      });
      await expectRefusedWithoutChange(() => claim(person, own.Id), "not-found", "school-membership");
      const expired = await addSchool(database.db, crm, { name: "Yew", kind: "state", domains: ["yew.sch.uk"], seats: 5, expiresAt: new Date(Date.now() - 1000) });
      await expectRefusedWithoutChange(() => claim(person, expired.membershipId!), "conflict", "current-membership", "Membership has expired, needs to be renewed");
      await expectRefusedWithoutChange(() => claim(person, expired.membershipId!, 999), "invalid", "seat-benefit");
    });

    it("refuses when no seat is left (409, the spec's message)", async () => {
      const { membershipId } = await addSchool(database.db, crm, { name: "Full", kind: "independent", domains: ["full.org.uk"], seats: 1 });
      expect(await claim(await addMember(database.db, "first@full.org.uk"), membershipId!)).toMatchObject({ kind: "joined" });
      await expectRefusedWithoutChange(async () => claim(await addMember(database.db, "second@full.org.uk"), membershipId!), "conflict", "seats-available", NO_SEATS_MESSAGE);
    });

    it("gives Riverside's last seat to exactly one of 20 concurrent claims", async () => {
      const { membershipId } = await addSchool(database.db, crm, { name: "Riverside", kind: "state", domains: ["riverside.sch.uk"], seats: 2 });
      expect(await claim(await addMember(database.db, "teacher@riverside.sch.uk"), membershipId!)).toMatchObject({ kind: "joined" });
      const people = await Promise.all(Array.from({ length: 20 }, (_, n) => addMember(database.db, `racer${n}@riverside.sch.uk`)));
      const outcomes = await Promise.all(people.map((person) => claim(person, membershipId!)));
      expect(outcomes.filter((outcome) => !isRefusal(outcome) && outcome.kind === "joined")).toHaveLength(1);
      expect(outcomes.filter((outcome) => isRefusal(outcome) && outcome.message === NO_SEATS_MESSAGE)).toHaveLength(19);
      const [benefit] = (await crm.seatBenefits(membershipId!)).filter((seat) => seat.Benefit.Id === userSeat);
      expect(benefit).toMatchObject({ TotalAvailable: 2, TotalRemaining: 0 });
      const usages = await database.db.selectFrom("benefit_usages").where("membership_benefit_id", "=", benefit!.Id).selectAll().execute();
      expect(usages.filter((usage) => usage.inactive === 0)).toHaveLength(2);
    });
  });

  describe("the admin offer (admin seat)", () => {
    it("makes a school member admin when the school has none, and refuses the next (409)", async () => {
      const { schoolId, membershipId } = await addSchool(database.db, crm, { name: "Hazel", kind: "state", domains: ["hazel.sch.uk"], seats: "unlimited" });
      const first = await addMember(database.db, "a@hazel.sch.uk");
      expect(await claim(first, membershipId!)).toMatchObject({ kind: "joined" });
      const outcome = await claim(first, membershipId!, adminSeat);
      expect(outcome).toMatchObject({ kind: "joined" });
      const admins = (await crm.affiliations({ groupConstituentId: schoolId, currentAt: new Date() })).filter(
        (affiliation) => affiliation.AffiliationType.Id === ids.affiliationTypes.admin,
      );
      expect(admins.map((admin) => admin.IndividualConstituent.Id)).toEqual([first]);
      await expectRefusedWithoutChange(async () => claim(await addMember(database.db, "b@hazel.sch.uk"), membershipId!, adminSeat), "conflict", "no-current-admin");
    });

    it("refuses someone who neither belongs to the school nor qualifies (403)", async () => {
      const { membershipId } = await addSchool(database.db, crm, { name: "Rowan", kind: "state", domains: ["rowan.sch.uk"], seats: "unlimited" });
      await expectRefusedWithoutChange(async () => claim(await addMember(database.db, "r@gmail.com"), membershipId!, adminSeat), "forbidden", "email-domain");
      await expectRefusedWithoutChange(async () => claim(await addMember(database.db, "u@rowan.sch.uk", { verified: false }), membershipId!, adminSeat), "forbidden", "verified-email");
    });

    it("lets a member who joined by invite (no domain match) accept the admin offer", async () => {
      // Joining by invite is tested in invites.test.ts; here only "already a user there" matters.
      const { schoolId, membershipId } = await addSchool(database.db, crm, { name: "Lisbon British School", kind: "international", domains: ["lbs.pt"], seats: "unlimited" });
      const invited = await addMember(database.db, "teacher@gmail.com", { verified: false });
      await join(crm, schoolId, invited, "user");
      expect(await claim(invited, membershipId!, adminSeat)).toMatchObject({ kind: "joined" });
    });

    it("gives exactly one admin when 20 eligible people accept at once", async () => {
      const { schoolId, membershipId } = await addSchool(database.db, crm, { name: "Willow", kind: "state", domains: ["willow.sch.uk"], seats: "unlimited" });
      const people = await Promise.all(Array.from({ length: 20 }, (_, n) => addMember(database.db, `head${n}@willow.sch.uk`)));
      const outcomes = await Promise.all(people.map((person) => claim(person, membershipId!, adminSeat)));
      expect(outcomes.filter((outcome) => !isRefusal(outcome) && outcome.kind === "joined")).toHaveLength(1);
      expect(outcomes.filter((outcome) => isRefusal(outcome) && outcome.rule === "no-current-admin")).toHaveLength(19);
      const admins = (await crm.affiliations({ groupConstituentId: schoolId })).filter((affiliation) => affiliation.AffiliationType.Id === ids.affiliationTypes.admin);
      expect(admins).toHaveLength(1);
    });

    it("gives one admin even when the clock reads earlier for each later request", async () => {
      // Requests' clock readings are not ordered with their turns at the lock; a backwards clock makes that certain.
      let reading = Date.now();
      const backwards = createSeatGrantsService({ db: database.db, crm, ids, logger: capturedLogger().logger, verification, audit: createAuditLog(database.db), clock: () => new Date((reading -= 1000)) });
      const { schoolId, membershipId } = await addSchool(database.db, crm, { name: "Rowan", kind: "state", domains: ["rowan.sch.uk"], seats: "unlimited" });
      const people = await Promise.all(Array.from({ length: 5 }, (_, n) => addMember(database.db, `head${n}@rowan.sch.uk`)));
      const outcomes = await Promise.all(people.map((person) => backwards.claimSeat(person, { benefitId: adminSeat, constituentId: person, membershipId: membershipId! })));
      expect(outcomes.filter((outcome) => !isRefusal(outcome) && outcome.kind === "joined")).toHaveLength(1);
      const admins = (await crm.affiliations({ groupConstituentId: schoolId })).filter((affiliation) => affiliation.AffiliationType.Id === ids.affiliationTypes.admin);
      expect(admins).toHaveLength(1);
    });
  });

  describe("the free state-school membership", () => {
    it("creates the state level with unlimited user and admin seats for a year, once", async () => {
      const { schoolId } = await addSchool(database.db, crm, { name: "Hillcrest", kind: "state", domains: ["hillcrest.sch.uk"] });
      const person = await addMember(database.db, "h@hillcrest.sch.uk");
      const outcomes = await Promise.all(Array.from({ length: 5 }, () => seats.createStateMembership(person, schoolId, "state-school")));
      expect(outcomes.filter((outcome) => !isRefusal(outcome) && outcome.kind === "created")).toHaveLength(1);
      expect(outcomes.filter((outcome) => !isRefusal(outcome) && outcome.kind === "existing")).toHaveLength(4);
      const memberships = await crm.memberships(schoolId);
      expect(memberships).toHaveLength(1);
      const [membership] = memberships;
      expect(membership!.MembershipLevel.Id).toBe(ids.membershipLevels.stateSchool);
      const days = (Date.parse(membership!.ExpirationDateTime) - Date.parse(membership!.InitiationDateTime)) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(365);
      expect(days).toBeLessThanOrEqual(366);
      const benefits = await crm.seatBenefits(membership!.Id);
      expect(benefits.map((seat) => [seat.Benefit.Id, seat.MembershipLevelBenefit.UnlimitedIndicator])).toEqual([
        [userSeat, true],
        [adminSeat, true],
      ]);
    });

    it("refuses independent (403), hand-entered (403) and unknown schools (404), and a wrong type (400)", async () => {
      const person = await addMember(database.db, "z@example.org");
      const independent = await addSchool(database.db, crm, { name: "St Catherine's", kind: "independent" });
      await expectRefusedWithoutChange(() => seats.createStateMembership(person, independent.schoolId, "state-school"), "forbidden", "state-school");
      const byHand = await addSchool(database.db, crm, { name: "Typed In" });
      await expectRefusedWithoutChange(() => seats.createStateMembership(person, byHand.schoolId, "state-school"), "forbidden", "state-school");
      await expectRefusedWithoutChange(() => seats.createStateMembership(person, 987654, "state-school"), "not-found", "school-exists");
      const state = await addSchool(database.db, crm, { name: "Larch", kind: "state" });
      await expectRefusedWithoutChange(() => seats.createStateMembership(person, state.schoolId, "paid"), "invalid", "membership-type");
    });

    it("refuses anyone who could not join the school: an unverified address (403), another domain (403)", async () => {
      const { schoolId } = await addSchool(database.db, crm, { name: "Larkspur", kind: "state", domains: ["larkspur.sch.uk"] });
      const unverified = await addMember(database.db, "u@larkspur.sch.uk", { verified: false });
      await expectRefusedWithoutChange(() => seats.createStateMembership(unverified, schoolId, "state-school"), "forbidden", "verified-email");
      const outsider = await addMember(database.db, "outsider@larkspur.example");
      await expectRefusedWithoutChange(() => seats.createStateMembership(outsider, schoolId, "state-school"), "forbidden", "email-domain");
      expect(await crm.memberships(schoolId)).toEqual([]);
    });
  });
});
