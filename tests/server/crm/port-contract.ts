import { CRM_IDS } from "../../../server/crm/crm-ids";
import type { CrmPort } from "../../../server/crm/crm-port";

/*
 * How every CRM adapter behaves, whatever is behind it: the shared suite run
 * against the embedded SQL adapter (sql-crm-contract.test.ts) and against the
 * Tessitura adapter over the stand-in TessituraService
 * (tessitura/tessitura-crm.test.ts). A harness gives the port and the few
 * things the suite needs to set up that the adapter under test may not do
 * itself yet (a person; a membership), and, for a remote CRM, the schema
 * violations its stand-in recorded: after every test there must be none.
 */

export interface CrmHarness {
  crm: CrmPort;
  /** A new individual constituent; its id. */
  addPerson(firstName: string, lastName: string, email: string): Promise<number>;
  /** A membership of `constituentId` at `levelId`, with these seats. */
  addMembership(constituentId: number, levelId: number, initiation: Date, expiration: Date, seats?: { benefitId: number; available: number | "unlimited" }[]): Promise<number>;
  /** What the stand-in found wrong with the exchanges so far (none for an embedded CRM). */
  violations(): string[];
}

const ids = CRM_IDS.test;
const now = new Date("2026-11-20T10:00:00.000Z");
const nextYear = new Date("2027-11-20T10:00:00.000Z");
const lastYear = new Date("2025-11-20T10:00:00.000Z");

export function crmPortContract(harness: () => CrmHarness): void {
  let serial = 0;
  const unique = () => `${Date.now().toString(36)}${serial++}`;

  afterEach(() => {
    expect(harness().violations()).toEqual([]);
  });

  it("lists countries with the United Kingdom as 209, and states each with a country", async () => {
    const { crm } = harness();
    expect(await crm.countries()).toContainEqual({ Id: 209, Description: "United Kingdom" });
    for (const state of await crm.states()) expect(state).toEqual({ Id: expect.any(Number), Description: expect.any(String), Country: { Id: expect.any(Number) } });
  });

  it("creates an organisation with its primary address in the default country, and reads it back", async () => {
    const { crm } = harness();
    const { Id } = await crm.createOrganisation({ LastName: "Oakfield Primary School", Addresses: [{ Street1: "12 Orchard Lane", City: "Bristol", PostalCode: "BS9 4PQ" }] }, now);
    const detail = await crm.constituentDetail(Id);
    expect(detail).toMatchObject({ Id, ConstituentType: { Id: ids.constituentTypes.organisation }, DisplayName: "Oakfield Primary School" });
    expect(detail?.Addresses).toEqual([
      expect.objectContaining({ Street1: "12 Orchard Lane", City: "Bristol", PostalCode: "BS9 4PQ", Country: { Id: 209 }, PrimaryIndicator: true, Constituent: { Id } }),
    ]);
  });

  it("answers undefined for a constituent that does not exist", async () => {
    expect(await harness().crm.constituentDetail(987_654_321)).toBeUndefined();
  });

  it("finds organisations by postcode, spaces and case ignored, and not others", async () => {
    const { crm } = harness();
    const postcode = "ZZ9 9QX";
    const { Id } = await crm.createOrganisation({ LastName: "Elm Academy", Addresses: [{ Street1: "1 Elm Row", City: "Leeds", PostalCode: postcode }] }, now);
    expect(await crm.searchOrganisationsByPostcode(postcode.toLowerCase().replace(" ", ""))).toEqual([{ Id }]);
    expect(await crm.searchOrganisationsByPostcode("XX0 0XX")).toEqual([]);
  });

  it("adds and corrects an address; correcting one that does not exist answers false", async () => {
    const { crm } = harness();
    const { Id } = await crm.createOrganisation({ LastName: "Birch School", Addresses: [] }, now);
    const address = await crm.createAddress(Id, { Street1: "3 Birch Road", City: "York", PostalCode: "YO1 7HH" }, now);
    expect(await crm.updateAddress(address.Id, { Street1: "5 Birch Road", City: "York", PostalCode: "YO1 7HH" }, now)).toBe(true);
    const detail = await crm.constituentDetail(Id);
    expect(detail?.Addresses).toEqual([expect.objectContaining({ Id: address.Id, Street1: "5 Birch Road", City: "York" })]);
    expect(await crm.updateAddress(987_654_321, { Street1: "x", City: "y", PostalCode: "z" }, now)).toBe(false);
  });

  it("replaces the values of one keyword and leaves the others", async () => {
    const { crm } = harness();
    const { Id } = await crm.createOrganisation({ LastName: "Cedar College", Addresses: [] }, now);
    await crm.replaceAttributes(Id, ids.emailDomainKeywordId, ["cedar.sch.uk", "cedar.ac.uk"]);
    await crm.replaceAttributes(Id, ids.emailDomainKeywordId, ["cedar.org.uk"]);
    expect(await crm.attributes(Id, [ids.emailDomainKeywordId])).toEqual([{ Keyword: { Id: ids.emailDomainKeywordId }, Value: "cedar.org.uk" }]);
    expect(await crm.attributes(Id, [12345])).toEqual([]);
  });

  it("affiliates a person to a school, lists it while current, and ends it", async () => {
    const h = harness();
    const { Id: schoolId } = await h.crm.createOrganisation({ LastName: "Hazel High", Addresses: [] }, now);
    const personId = await h.addPerson("Ann", "Teacher", `ann.${unique()}@hazel.sch.uk`);
    const { Id } = await h.crm.createAffiliation(
      { affiliationTypeId: ids.affiliationTypes.teacher, groupConstituentId: schoolId, individualConstituentId: personId, startDate: lastYear, endDate: null, benefitUsageId: null },
      now,
    );
    expect(await h.crm.affiliation(Id)).toMatchObject({
      Id,
      AffiliationType: { Id: ids.affiliationTypes.teacher },
      GroupConstituent: { Id: schoolId },
      IndividualConstituent: { Id: personId },
      EndDate: null,
      Salary: null,
    });
    expect((await h.crm.affiliations({ groupConstituentId: schoolId, currentAt: now })).map((row) => row.Id)).toEqual([Id]);
    await h.crm.endAffiliation(Id, now);
    expect(await h.crm.affiliations({ individualConstituentId: personId, currentAt: nextYear })).toEqual([]);
    expect(await h.crm.affiliation(987_654_321)).toBeUndefined();
  });

  it("lists a constituent's memberships, the latest expiry first", async () => {
    const h = harness();
    const { Id: schoolId } = await h.crm.createOrganisation({ LastName: "Ivy School", Addresses: [] }, now);
    const older = await h.addMembership(schoolId, ids.membershipLevels.seatLevels[1]!.id, lastYear, now);
    const newer = await h.addMembership(schoolId, ids.membershipLevels.seatLevels[2]!.id, now, nextYear);
    const listed = await h.crm.memberships(schoolId);
    expect(listed.map((row) => [row.Id, row.MembershipLevel.Id, row.Constituent.Id])).toEqual([
      [newer, ids.membershipLevels.seatLevels[2]!.id, schoolId],
      [older, ids.membershipLevels.seatLevels[1]!.id, schoolId],
    ]);
    expect(Date.parse(listed[0]!.ExpirationDateTime)).toBe(nextYear.getTime());
  });

  it("creates a membership at a level with its seats, and reads it back by its id and in its holder's list", async () => {
    const { crm } = harness();
    const level = ids.membershipLevels.seatLevels[1]!.id;
    const { Id: schoolId } = await crm.createOrganisation({ LastName: "Kale School", Addresses: [] }, now);
    const starts = new Date();
    const { Id } = await crm.createMembership({
      constituentId: schoolId,
      levelId: level,
      initiation: starts,
      expiration: new Date(starts.getTime() + 365 * 24 * 60 * 60 * 1000),
      seats: [
        { benefitId: ids.seatBenefits.userSeat, available: 3 },
        { benefitId: ids.seatBenefits.adminSeat, available: "unlimited" },
      ],
      payment: { amount: 120, reference: `pi_${unique()}` },
    });
    const summary = await crm.membershipSummary(Id);
    expect(summary).toMatchObject({ Id, MembershipLevel: { Id: level }, Constituent: { Id: schoolId, DisplayName: "Kale School" } });
    // Current now: Tessitura dates it by its level's rules, the embedded CRM by the dates given.
    expect(Date.parse(summary!.InitiationDateTime)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(summary!.ExpirationDateTime)).toBeGreaterThan(Date.now());
    expect(await crm.memberships(schoolId)).toEqual([summary]);
    expect((await crm.seatBenefits(Id)).map((seat) => [seat.Benefit.Id, seat.TotalAvailable, seat.TotalRemaining, seat.MembershipLevelBenefit.UnlimitedIndicator])).toEqual([
      [ids.seatBenefits.userSeat, 3, 3, false],
      [ids.seatBenefits.adminSeat, 0, 0, true],
    ]);
    expect(await crm.claimSeat({ membershipId: Id, benefitId: ids.seatBenefits.userSeat, constituentId: schoolId, usedAt: now })).toEqual({ Id: expect.any(Number) });
  });

  it("creates a free membership (no payment) as well, and knows no membership by an id it never made", async () => {
    const { crm } = harness();
    const { Id: schoolId } = await crm.createOrganisation({ LastName: "Leek School", Addresses: [] }, now);
    const starts = new Date();
    const { Id } = await crm.createMembership({
      constituentId: schoolId,
      levelId: ids.membershipLevels.stateSchool,
      initiation: starts,
      expiration: new Date(starts.getTime() + 365 * 24 * 60 * 60 * 1000),
      seats: [{ benefitId: ids.seatBenefits.userSeat, available: "unlimited" }],
    });
    expect(await crm.membershipSummary(Id)).toMatchObject({ Id, MembershipLevel: { Id: ids.membershipLevels.stateSchool }, Constituent: { Id: schoolId } });
    expect(await crm.membershipSummary(987_654_321)).toBeUndefined();
  });

  it("of 20 concurrent claims for a membership's one seat exactly one wins; a seat released (twice) can be claimed again", async () => {
    const h = harness();
    const benefitId = ids.seatBenefits.userSeat;
    const { Id: schoolId } = await h.crm.createOrganisation({ LastName: "Juniper School", Addresses: [] }, now);
    const membershipId = await h.addMembership(schoolId, ids.membershipLevels.seatLevels[0]!.id, now, nextYear, [
      { benefitId, available: 1 },
      { benefitId: ids.seatBenefits.adminSeat, available: "unlimited" },
    ]);
    const people: number[] = [];
    for (let i = 0; i < 20; i++) people.push(await h.addPerson("Pat", `Racer${i}`, `pat${i}.${unique()}@juniper.sch.uk`));
    const claims = await Promise.all(people.map((constituentId) => h.crm.claimSeat({ membershipId, benefitId, constituentId, usedAt: now })));
    const won = claims.filter((claim) => claim !== undefined);
    expect(won).toHaveLength(1);
    const seats = async () => (await h.crm.seatBenefits(membershipId)).find((seat) => seat.Benefit.Id === benefitId);
    expect(await seats()).toMatchObject({ BenefitMembershipSummary: { Id: membershipId }, TotalAvailable: 1, TotalRemaining: 0, MembershipLevelBenefit: { UnlimitedIndicator: false } });
    await h.crm.releaseSeat(won[0]!.Id);
    await h.crm.releaseSeat(won[0]!.Id);
    expect((await seats())?.TotalRemaining).toBe(1);
    expect(await h.crm.claimSeat({ membershipId, benefitId, constituentId: people[1]!, usedAt: now })).toEqual({ Id: expect.any(Number) });
    expect(await h.crm.claimSeat({ membershipId, benefitId, constituentId: people[2]!, usedAt: now })).toBeUndefined();
    // An unlimited benefit always has a seat.
    for (const constituentId of people.slice(0, 3)) {
      expect(await h.crm.claimSeat({ membershipId, benefitId: ids.seatBenefits.adminSeat, constituentId, usedAt: now })).toEqual({ Id: expect.any(Number) });
    }
  });

  it("creates a person with a primary email, finds them by it, and refuses a second person with the same email", async () => {
    const { crm } = harness();
    const email = `kim.${unique()}@example.org`;
    const created = await crm.createPerson({ FirstName: "Kim", LastName: "Lee", Phone: "", PrefixId: -1, Email: email }, now);
    expect(created).toEqual({ Id: expect.any(Number) });
    expect(await crm.personContact(created!.Id)).toEqual({ Id: created!.Id, FirstName: "Kim", Email: email });
    expect(await crm.findPerson(email)).toEqual({ Id: created!.Id, FirstName: "Kim", Email: email });
    expect(await crm.personDetails(created!.Id)).toMatchObject({ Id: created!.Id, FirstName: "Kim", LastName: "Lee", Email: email, PrefixId: -1 });
    expect(await crm.createPerson({ FirstName: "Other", LastName: "Kim", Phone: "", PrefixId: -1, Email: email }, now)).toBeUndefined();
    expect(await crm.findPerson(`nobody.${unique()}@example.org`)).toBeUndefined();
  });

  it("corrects a person's name, title and phone; an empty phone removes it", async () => {
    const { crm } = harness();
    const created = await crm.createPerson({ FirstName: "Lou", LastName: "Reid", Phone: "0117 496 0000", PrefixId: -1, Email: `lou.${unique()}@example.org` }, now);
    expect(await crm.personDetails(created!.Id)).toMatchObject({ Id: created!.Id, Phone: "0117 496 0000" });
    await crm.updatePerson(created!.Id, { FirstName: "Louise", LastName: "Reid-Hart", Phone: "020 7946 0123", PrefixId: 2 }, now);
    expect(await crm.personDetails(created!.Id)).toMatchObject({ Id: created!.Id, FirstName: "Louise", LastName: "Reid-Hart", PrefixId: 2, Phone: "020 7946 0123" });
    await crm.updatePerson(created!.Id, { FirstName: "Louise", LastName: "Reid-Hart", Phone: "", PrefixId: 2 }, now);
    expect((await crm.personDetails(created!.Id))?.Phone).toBe("");
  });

  it("changes a person's primary email, and refuses one another person has", async () => {
    const { crm } = harness();
    const [first, second, third] = [`mo.${unique()}@example.org`, `mo.new.${unique()}@example.org`, `sam.${unique()}@example.org`];
    const mo = await crm.createPerson({ FirstName: "Mo", LastName: "Khan", Phone: "", PrefixId: -1, Email: first }, now);
    const sam = await crm.createPerson({ FirstName: "Sam", LastName: "Ray", Phone: "", PrefixId: -1, Email: third }, now);
    expect(await crm.changePrimaryEmail(mo!.Id, second, now)).toBe(true);
    expect(await crm.findPerson(second)).toEqual({ Id: mo!.Id, FirstName: "Mo", Email: second });
    expect(await crm.findPerson(first)).toBeUndefined();
    expect(await crm.personContact(mo!.Id)).toEqual({ Id: mo!.Id, FirstName: "Mo", Email: second });
    expect(await crm.changePrimaryEmail(mo!.Id, third, now)).toBe(false);
    expect(await crm.findPerson(third)).toEqual({ Id: sam!.Id, FirstName: "Sam", Email: third });
    expect(await crm.changePrimaryEmail(mo!.Id, second, now)).toBe(true);
  });

  it("erases a person: their addresses and attributes go, no lookup finds them, and their email is free again", async () => {
    const { crm } = harness();
    const email = `ned.${unique()}@example.org`;
    const created = await crm.createPerson({ FirstName: "Ned", LastName: "Hill", Phone: "", PrefixId: -1, Email: email }, now);
    const Id = created!.Id;
    await crm.createAddress(Id, { Street1: "9 Hill Road", City: "Hull", PostalCode: "HU1 1AA" }, now);
    await crm.replaceAttributes(Id, ids.emailDomainKeywordId, ["hill.org"]);
    expect(await crm.erasePerson(Id, now)).toEqual({ FormerEmail: email });
    expect(await crm.personDetails(Id)).toBeUndefined();
    expect(await crm.personContact(Id)).toBeUndefined();
    expect(await crm.findPerson(email)).toBeUndefined();
    expect(await crm.attributes(Id, [ids.emailDomainKeywordId])).toEqual([]);
    expect((await crm.constituentDetail(Id))?.Addresses ?? []).toEqual([]);
    expect(await crm.createPerson({ FirstName: "Ned", LastName: "Hill", Phone: "", PrefixId: -1, Email: email }, now)).toEqual({ Id: expect.any(Number) });
  });

  it("is no person for an organisation's id, and renames an organisation", async () => {
    const { crm } = harness();
    const { Id } = await crm.createOrganisation({ LastName: "Larch School", Addresses: [] }, now);
    expect(await crm.personDetails(Id)).toBeUndefined();
    expect(await crm.personContact(Id)).toBeUndefined();
    await crm.renameOrganisation(Id, "Larch Academy", now);
    expect(await crm.constituentDetail(Id)).toMatchObject({ Id, DisplayName: "Larch Academy" });
  });
}
