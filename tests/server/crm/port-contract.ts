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
  /** A unique word of letters only (a name, as a search would match it). */
  const uniqueWord = () => unique().replace(/[0-9]/g, (digit) => "abcdefghij"[Number(digit)]!);
  const day = 24 * 60 * 60 * 1000;

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

  it("affiliates a person to a school, named as the CRM names them, lists it while current, and ends it", async () => {
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
      // The names the dashboard and the School tab show (Tessitura answers them with the affiliation).
      GroupConstituent: { Id: schoolId, DisplayName: "Hazel High" },
      IndividualConstituent: { Id: personId, DisplayName: "Ann Teacher" },
      EndDate: null,
      Salary: null,
    });
    const listed = await h.crm.affiliations({ groupConstituentId: schoolId, currentAt: now });
    expect(listed.map((row) => [row.Id, row.GroupConstituent.DisplayName, row.IndividualConstituent.DisplayName])).toEqual([[Id, "Hazel High", "Ann Teacher"]]);
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

  describe("a membership renewed, its seats changed, or ended now", () => {
    const day = 24 * 60 * 60 * 1000;
    const userSeat = ids.seatBenefits.userSeat;
    const levels = ids.membershipLevels.seatLevels;
    const seatsOf = async (crm: CrmPort, membershipId: number) =>
      (await crm.seatBenefits(membershipId)).map((seat) => [seat.Benefit.Id, seat.TotalAvailable, seat.TotalRemaining]);

    /** A school with a membership running 30 more days, one of its 2 seats held by a user whose role ends with it; listed once, as the site does before it renews. */
    const schoolWithMember = async (h: CrmHarness, name: string) => {
      const { Id: schoolId } = await h.crm.createOrganisation({ LastName: name, Addresses: [] }, now);
      const starts = new Date(Date.now() - day);
      const expiry = new Date(Date.now() + 30 * day);
      const membershipId = await h.addMembership(schoolId, levels[0]!.id, starts, expiry, [{ benefitId: userSeat, available: 2 }]);
      const personId = await h.addPerson("Uma", "User", `uma.${unique()}@${name.toLowerCase().replace(/\W/g, "")}.sch.uk`);
      const usage = await h.crm.claimSeat({ membershipId, benefitId: userSeat, constituentId: personId, usedAt: starts });
      const role = await h.crm.createAffiliation(
        { affiliationTypeId: ids.affiliationTypes.user, groupConstituentId: schoolId, individualConstituentId: personId, startDate: starts, endDate: expiry, benefitUsageId: usage!.Id },
        now,
      );
      expect((await h.crm.memberships(schoolId)).map((row) => row.Id)).toEqual([membershipId]);
      return { schoolId, membershipId, expiry, usageId: usage!.Id, roleId: role.Id };
    };

    it("renews one: answers the membership after renewal, running a year on at the new level with its new seats, the seat in use still used, the role following it", async () => {
      const h = harness();
      const school = await schoolWithMember(h, "Medlar School");
      const yearOn = new Date(school.expiry.getTime() + 365 * day);
      const { Id } = await h.crm.renewMembership(school.membershipId, {
        levelId: levels[1]!.id,
        expiration: yearOn,
        seats: [{ benefitId: userSeat, available: 5 }],
        payment: { amount: 300, reference: `pi_${unique()}` },
      });
      const renewed = await h.crm.membershipSummary(Id);
      expect(renewed).toMatchObject({ Id, MembershipLevel: { Id: levels[1]!.id }, Constituent: { Id: school.schoolId } });
      // The embedded CRM dates it as asked; Tessitura by its level's rules, which the stand-in's (a year from the last expiry) match.
      expect(Date.parse(renewed!.ExpirationDateTime)).toBe(yearOn.getTime());
      expect((await h.crm.memberships(school.schoolId))[0]).toEqual(renewed);
      expect(await seatsOf(h.crm, Id)).toEqual([[userSeat, 5, 4]]);
      expect(Date.parse((await h.crm.affiliation(school.roleId))!.EndDate!)).toBe(yearOn.getTime());
      await h.crm.releaseSeat(school.usageId);
      expect(await seatsOf(h.crm, Id)).toEqual([[userSeat, 5, 5]]);
    });

    it("changes one's seats, its expiry kept and the seat in use still used", async () => {
      const h = harness();
      const school = await schoolWithMember(h, "Nettle School");
      await h.crm.changeMembershipSeats(school.membershipId, { levelId: levels[2]!.id, seats: [{ benefitId: userSeat, available: 7 }] });
      expect(await seatsOf(h.crm, school.membershipId)).toEqual([[userSeat, 7, 6]]);
      expect(Date.parse((await h.crm.membershipSummary(school.membershipId))!.ExpirationDateTime)).toBe(school.expiry.getTime());
    });

    it("ends one now: it expires then, by its id and in its holder's list, and the role that was to end with it ends then", async () => {
      const h = harness();
      const school = await schoolWithMember(h, "Orache School");
      const at = new Date();
      await h.crm.endMembership(school.membershipId, at);
      const ended = await h.crm.membershipSummary(school.membershipId);
      expect(Date.parse(ended!.ExpirationDateTime)).toBe(at.getTime());
      expect(await h.crm.memberships(school.schoolId)).toEqual([ended]);
      expect(Date.parse((await h.crm.affiliation(school.roleId))!.EndDate!)).toBe(at.getTime());
      expect(await h.crm.affiliations({ groupConstituentId: school.schoolId, currentAt: new Date(at.getTime() + 1) })).toEqual([]);
    });

    it.each([
      ["the renewal", true],
      ["the membership it renewed", false],
    ])("ends a renewed membership whole, ending %s: nothing of it runs past the end", async (_which, endRenewal) => {
      const h = harness();
      const school = await schoolWithMember(h, endRenewal ? "Purslane School" : "Rampion School");
      const { Id } = await h.crm.renewMembership(school.membershipId, { levelId: levels[0]!.id, expiration: new Date(school.expiry.getTime() + 365 * day), seats: [] });
      const at = new Date();
      await h.crm.endMembership(endRenewal ? Id : school.membershipId, at);
      const listed = await h.crm.memberships(school.schoolId);
      expect(listed.map((row) => row.Id)).toContain(Id);
      for (const row of listed) expect(Date.parse(row.ExpirationDateTime)).toBeLessThanOrEqual(at.getTime());
      expect(await h.crm.affiliations({ groupConstituentId: school.schoolId, currentAt: new Date(at.getTime() + 1) })).toEqual([]);
    });
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

  it("finds people by every word typed, in names or email, any case, by last name; LIKE's wildcards are literal; members or not; erased people and schools never", async () => {
    const h = harness();
    const { crm } = h;
    const tag = uniqueWord();
    const person = async (FirstName: string, LastName: string, Email: string) => (await crm.createPerson({ FirstName, LastName, Phone: "", PrefixId: -1, Email }, now))!.Id;
    const marple = await person("Jane", `Marple${tag}`, `jane.marple.${tag}@stmarymead.sch.uk`);
    const poirot = await person("Hercule", `Poirot${tag}`, `h.poirot.${tag}@example.org`);
    const doe = await person("Jane", `Doe${tag}`, `jane_doe.${tag}@example.org`);
    await person("Janet", `Xdoe${tag}`, `janexdoe.${tag}@example.org`);
    const gone = await person("Jane", `Gone${tag}`, `jane.gone.${tag}@example.org`);
    await crm.erasePerson(gone, now);
    await crm.createOrganisation({ LastName: `Jane Austen Academy ${tag}`, Addresses: [{ Street1: "1 Lane", City: "Bath", PostalCode: "BA1 1AA" }] }, now);

    const janes = await crm.findPeople({ text: `JANE ${tag.toUpperCase()}`, limit: 10, offset: 0 });
    expect(janes.people.map((found) => found.LastName)).toEqual([`Doe${tag}`, `Marple${tag}`, `Xdoe${tag}`]);
    expect(janes.total).toBe(3);
    expect((await crm.findPeople({ text: `jane mead ${tag}`, limit: 10, offset: 0 })).people).toEqual([
      { Id: marple, FirstName: "Jane", LastName: `Marple${tag}`, Email: `jane.marple.${tag}@stmarymead.sch.uk`, CreatedDateTime: expect.any(String) },
    ]);
    expect((await crm.findPeople({ text: `jane_ ${tag}`, limit: 10, offset: 0 })).people.map((found) => found.Id)).toEqual([doe]);
    expect((await crm.findPeople({ text: `100% ${tag}`, limit: 10, offset: 0 })).total).toBe(0);
    expect(await crm.findPeople({ text: `jane ${tag}`, limit: 2, offset: 2 })).toEqual({ people: [expect.objectContaining({ LastName: `Xdoe${tag}` })], total: 3 });
    expect((await crm.findPeople({ text: `poirot ${tag}`, limit: 10, offset: 0 })).people.map((found) => found.Id)).toEqual([poirot]);

    // Marple is a member through her own membership, Doe through a role at a school with one; Xdoe is not.
    await h.addMembership(marple, ids.membershipLevels.individual, lastYear, nextYear);
    const { Id: school } = await crm.createOrganisation({ LastName: `Mead School ${tag}`, Addresses: [] }, now);
    await h.addMembership(school, ids.membershipLevels.stateSchool, lastYear, nextYear);
    await crm.createAffiliation({ affiliationTypeId: ids.affiliationTypes.teacher, groupConstituentId: school, individualConstituentId: doe, startDate: lastYear, endDate: null, benefitUsageId: null }, now);
    const members = await crm.findPeople({ text: `jane ${tag}`, members: { current: true, now }, limit: 10, offset: 0 });
    expect(members).toEqual({ people: [expect.objectContaining({ Id: doe }), expect.objectContaining({ Id: marple })], total: 2 });
    const others = await crm.findPeople({ text: `jane ${tag}`, members: { current: false, now }, limit: 10, offset: 0 });
    expect(others).toEqual({ people: [expect.objectContaining({ LastName: `Xdoe${tag}` })], total: 1 });
    // Two years on, neither membership is current.
    expect((await crm.findPeople({ text: `jane ${tag}`, members: { current: true, now: new Date(nextYear.getTime() + 365 * day) }, limit: 10, offset: 0 })).total).toBe(0);
  });

  it("finds the holders of a keyword's values, case-insensitively, each once, by id", async () => {
    const { crm } = harness();
    const tag = uniqueWord();
    const { Id: ash } = await crm.createOrganisation({ LastName: "Ash School", Addresses: [] }, now);
    const { Id: beech } = await crm.createOrganisation({ LastName: "Beech School", Addresses: [] }, now);
    const { Id: other } = await crm.createOrganisation({ LastName: "Other School", Addresses: [] }, now);
    await crm.replaceAttributes(ash, ids.emailDomainKeywordId, [`Ash-${tag}.sch.uk`]);
    await crm.replaceAttributes(beech, ids.emailDomainKeywordId, [`beech-${tag}.org`, `ash-${tag}.ac.uk`]);
    await crm.replaceAttributes(other, ids.emailDomainKeywordId, [`other-${tag}.org`]);
    expect(await crm.attributeHolders(ids.emailDomainKeywordId, [`ASH-${tag}.SCH.UK`, ` ash-${tag}.ac.uk `, `beech-${tag}.org`, `none-${tag}.org`])).toEqual([ash, beech].sort((a, b) => a - b));
    expect(await crm.attributeHolders(ids.emailDomainKeywordId, [`other-${tag}.org`])).toEqual([other]);
    expect(await crm.attributeHolders(ids.emailDomainKeywordId, [])).toEqual([]);
    expect(await crm.attributeHolders(12345, [`other-${tag}.org`])).toEqual([]);
  });

  it("merges an organisation with no memberships into another: its roles and attributes move (values held already not repeated)", async () => {
    const h = harness();
    const { crm } = h;
    const tag = uniqueWord();
    const { Id: from } = await crm.createOrganisation({ LastName: "Hand-entered School", Addresses: [] }, now);
    const { Id: into } = await crm.createOrganisation({ LastName: "Register School", Addresses: [] }, now);
    const teacher = await h.addPerson("Tam", "Teacher", `tam.${tag}@school.sch.uk`);
    const admin = await h.addPerson("Ada", "Admin", `ada.${tag}@school.sch.uk`);
    for (const [person, type] of [[teacher, ids.affiliationTypes.teacher], [admin, ids.affiliationTypes.admin]] as const) {
      await crm.createAffiliation({ affiliationTypeId: type, groupConstituentId: from, individualConstituentId: person, startDate: lastYear, endDate: null, benefitUsageId: null }, now);
    }
    await crm.replaceAttributes(from, ids.emailDomainKeywordId, [`${tag}.sch.uk`, `${tag}.org`]);
    await crm.replaceAttributes(into, ids.emailDomainKeywordId, [`${tag.toUpperCase()}.SCH.UK`]);

    expect(await crm.mergeOrganisation(from, into)).toEqual({ affiliations: 2, memberships: 0 });
    const moved = await crm.affiliations({ groupConstituentId: into, currentAt: now });
    expect(moved.map((row) => [row.IndividualConstituent.Id, row.AffiliationType.Id]).sort((a, b) => a[0]! - b[0]!)).toEqual(
      [[teacher, ids.affiliationTypes.teacher], [admin, ids.affiliationTypes.admin]].sort((a, b) => a[0]! - b[0]!),
    );
    expect(await crm.affiliations({ groupConstituentId: from })).toEqual([]);
    expect((await crm.attributes(into, [ids.emailDomainKeywordId])).map((row) => row.Value.toLowerCase()).sort()).toEqual([`${tag}.org`, `${tag}.sch.uk`]);
    expect(await crm.attributes(from, [ids.emailDomainKeywordId])).toEqual([]);
    expect(await crm.constituentDetail(from)).toMatchObject({ Id: from, DisplayName: "Hand-entered School" });
  });

  describe("membership reports (each in its own far-off year, so that other tests' memberships are not current in it)", () => {
    /** A person with an email, made through the port. */
    const person = async (crm: CrmPort, FirstName: string, LastName: string) =>
      (await crm.createPerson({ FirstName, LastName, Phone: "", PrefixId: -1, Email: `${FirstName.toLowerCase()}.${uniqueWord()}@example.org` }, now))!.Id;
    const role = (crm: CrmPort, schoolId: number, personId: number, startDate: Date, endDate: Date | null = null, type: number = ids.affiliationTypes.teacher) =>
      crm.createAffiliation({ affiliationTypeId: type, groupConstituentId: schoolId, individualConstituentId: personId, startDate, endDate, benefitUsageId: null }, now);

    it("counts each member once, schools with a current membership, and memberships ending within the window", async () => {
      const h = harness();
      const { crm } = h;
      const at = new Date("2031-11-20T10:00:00.000Z");
      const days = (count: number) => new Date(at.getTime() + count * day);
      const school = async (name: string) => (await crm.createOrganisation({ LastName: name, Addresses: [] }, now)).Id;
      const membership = (constituentId: number, expiration: Date, levelId: number = ids.membershipLevels.individual) => h.addMembership(constituentId, levelId, days(-300), expiration);

      const current = await school("Riverside Academy");
      const lapsed = await school("Hillcrest School");
      const endingSoon = await school("Oakfield Primary");
      await membership(current, days(200), ids.membershipLevels.stateSchool);
      // A second current membership of the same school: still one school.
      await membership(current, days(100), ids.membershipLevels.seatLevels[1]!.id);
      await membership(lapsed, days(-5), ids.membershipLevels.stateSchool);
      await membership(endingSoon, days(10), ids.membershipLevels.stateSchool);

      const ownMember = await person(crm, "Own", "Member");
      await membership(ownMember, days(365));
      const throughSchool = await person(crm, "Through", "School");
      await membership(throughSchool, days(-30));
      await role(crm, current, throughSchool, days(-200));
      const bothWays = await person(crm, "Both", "Ways");
      await membership(bothWays, days(365));
      await role(crm, current, bothWays, days(-200), null, ids.affiliationTypes.admin);
      const atLapsedSchool = await person(crm, "Lapsed", "Teacher");
      await role(crm, lapsed, atLapsedSchool, days(-200));
      const roleEnded = await person(crm, "Ended", "Role");
      await role(crm, current, roleEnded, days(-200), days(-1));
      const endingMember = await person(crm, "Ending", "Member");
      await membership(endingMember, days(20));
      const erased = await person(crm, "Erased", "Member");
      await membership(erased, days(365));
      await role(crm, current, erased, days(-200));
      await crm.erasePerson(erased, days(-2));

      expect(await crm.membershipFigures(at, days(30))).toEqual({
        // ownMember, throughSchool, bothWays, endingMember: not the lapsed school's teacher, the one whose role ended, or the erased.
        members: 4,
        schoolsWithCurrentMembership: 2,
        // Oakfield's and endingMember's; Riverside's and ownMember's end later, Hillcrest's has ended.
        membershipsExpiring: 2,
      });
      // In 15 days Oakfield's has ended.
      expect(await crm.membershipFigures(days(15), days(45))).toEqual({ members: 4, schoolsWithCurrentMembership: 1, membershipsExpiring: 1 });
    });

    it("answers the memberships expiring after `from` and by `to`, by expiry, with whose they are, leaving out erased people", async () => {
      const h = harness();
      const { crm } = h;
      const at = new Date("2032-11-20T10:00:00.000Z");
      const days = (count: number) => new Date(at.getTime() + count * day);
      const someone = await person(crm, "Jo", "Baptiste");
      const erased = await person(crm, "Al", "Gone");
      const { Id: school } = await crm.createOrganisation({ LastName: "Oakfield Primary", Addresses: [{ Street1: "1 High Street", City: "Bristol", PostalCode: "BS1 1AA" }] }, now);
      const membership = (constituentId: number, expiration: Date) => h.addMembership(constituentId, ids.membershipLevels.individual, days(-300), expiration);
      const atFrom = await membership(someone, days(0));
      const schoolSoon = await membership(school, days(10));
      const personSoon = await membership(someone, days(3));
      const atTo = await membership(someone, days(30));
      await membership(someone, days(31));
      await membership(erased, days(5));
      await crm.erasePerson(erased, at);

      const ending = await crm.membershipsEndingBetween(days(0), days(30));
      expect(ending.map((row) => row.Id)).toEqual([personSoon, schoolSoon, atTo]);
      expect(ending.map((row) => row.ConstituentType.Id)).toEqual([ids.constituentTypes.individual, ids.constituentTypes.organisation, ids.constituentTypes.individual]);
      expect(ending[1]).toMatchObject({ Constituent: { Id: school, DisplayName: "Oakfield Primary" }, ExpirationDateTime: days(10).toISOString(), MembershipLevel: { Id: ids.membershipLevels.individual } });
      expect(ending.some((row) => row.Id === atFrom)).toBe(false);
    });

    it("lists current members, one row per person and membership they are a member through, by person then membership, a page at a time after a key", async () => {
      const h = harness();
      const { crm } = h;
      const at = new Date("2033-11-20T10:00:00.000Z");
      const days = (count: number) => new Date(at.getTime() + count * day);
      const membership = (constituentId: number, expiration: Date, levelId: number = ids.membershipLevels.individual) => h.addMembership(constituentId, levelId, days(-300), expiration);
      const { Id: school } = await crm.createOrganisation({ LastName: "Willow School", Addresses: [] }, now);
      const schoolMembership = await membership(school, days(100), ids.membershipLevels.stateSchool);
      const own = await person(crm, "Olive", "Own");
      const ownMembership = await membership(own, days(50));
      const teacher = await person(crm, "Tess", "Teacher");
      // Two roles at the school: still one row for its membership.
      await role(crm, school, teacher, days(-10));
      await role(crm, school, teacher, days(-5), null, ids.affiliationTypes.admin);
      const both = await person(crm, "Bo", "Both");
      const bothMembership = await membership(both, days(200));
      await role(crm, school, both, days(-10), null, ids.affiliationTypes.user);
      const ended = await person(crm, "Ed", "Ended");
      await role(crm, school, ended, days(-100), days(-1));
      const lapsed = await person(crm, "Lu", "Lapsed");
      await membership(lapsed, days(-1));
      const erased = await person(crm, "Er", "Erased");
      await membership(erased, days(100));
      await crm.erasePerson(erased, now);

      const willow = { Id: school, Name: "Willow School" };
      const expected = [
        { PersonId: own, MembershipId: ownMembership, School: null },
        { PersonId: teacher, MembershipId: schoolMembership, School: willow },
        { PersonId: both, MembershipId: bothMembership, School: null },
        { PersonId: both, MembershipId: schoolMembership, School: willow },
      ].sort((a, b) => a.PersonId - b.PersonId || a.MembershipId - b.MembershipId);

      const all = await crm.currentMembers(at, null, 1000);
      expect(all.map((row) => ({ PersonId: row.PersonId, MembershipId: row.MembershipId, School: row.School }))).toEqual(expected);
      expect(all.find((row) => row.PersonId === own)).toMatchObject({
        FirstName: "Olive",
        LastName: "Own",
        Email: expect.stringMatching(/^olive\..+@example\.org$/),
        LevelId: ids.membershipLevels.individual,
        ExpirationDateTime: days(50).toISOString(),
      });
      // Paged two at a time after the last row's key: the same rows, each once.
      const paged: typeof all = [];
      let after: { personId: number; membershipId: number } | null = null;
      for (let page = 0; page < 10; page++) {
        const rows = await crm.currentMembers(at, after, 2);
        expect(rows.length).toBeLessThanOrEqual(2);
        if (rows.length === 0) break;
        paged.push(...rows);
        const last = rows.at(-1)!;
        after = { personId: last.PersonId, membershipId: last.MembershipId };
      }
      expect(paged).toEqual(all);
    });

    it("lists schools with a current membership by id, a page at a time: the membership ending last, its seats in use, its admins' emails", async () => {
      const h = harness();
      const { crm } = h;
      const at = new Date("2034-11-20T10:00:00.000Z");
      const days = (count: number) => new Date(at.getTime() + count * day);
      const { Id: first } = await crm.createOrganisation({ LastName: "Alder School", Addresses: [] }, now);
      const { Id: second } = await crm.createOrganisation({ LastName: "Bay School", Addresses: [] }, now);
      const { Id: lapsed } = await crm.createOrganisation({ LastName: "Cypress School", Addresses: [] }, now);
      await h.addMembership(first, ids.membershipLevels.seatLevels[0]!.id, days(-300), days(30), [{ benefitId: ids.seatBenefits.userSeat, available: 1 }]);
      const lastEnding = await h.addMembership(first, ids.membershipLevels.seatLevels[1]!.id, days(-300), days(300), [
        { benefitId: ids.seatBenefits.userSeat, available: 5 },
        { benefitId: ids.seatBenefits.adminSeat, available: "unlimited" },
      ]);
      const secondMembership = await h.addMembership(second, ids.membershipLevels.stateSchool, days(-300), days(60));
      await h.addMembership(lapsed, ids.membershipLevels.stateSchool, days(-300), days(-1));
      const admin = await person(crm, "Ann", "Admin");
      const formerAdmin = await person(crm, "Fay", "Former");
      const teacher = await person(crm, "Tim", "Teacher");
      await role(crm, first, admin, days(-10), null, ids.affiliationTypes.admin);
      await role(crm, first, formerAdmin, days(-100), days(-1), ids.affiliationTypes.admin);
      await role(crm, first, teacher, days(-10));
      await crm.claimSeat({ membershipId: lastEnding, benefitId: ids.seatBenefits.userSeat, constituentId: teacher, usedAt: now });
      await crm.claimSeat({ membershipId: lastEnding, benefitId: ids.seatBenefits.adminSeat, constituentId: admin, usedAt: now });

      const all = await crm.currentSchoolMemberships(at, null, 100);
      expect(all.map((row) => row.SchoolId)).toEqual([first, second].sort((a, b) => a - b));
      const alder = all.find((row) => row.SchoolId === first)!;
      expect(alder).toEqual({
        SchoolId: first,
        SchoolName: "Alder School",
        MembershipId: lastEnding,
        LevelId: ids.membershipLevels.seatLevels[1]!.id,
        ExpirationDateTime: days(300).toISOString(),
        Seats: [
          { BenefitId: ids.seatBenefits.userSeat, Unlimited: false, TotalAvailable: 5, TotalUsed: 1 },
          { BenefitId: ids.seatBenefits.adminSeat, Unlimited: true, TotalAvailable: 0, TotalUsed: 1 },
        ],
        AdminEmails: [(await crm.personContact(admin))!.Email],
      });
      expect(all.find((row) => row.SchoolId === second)).toMatchObject({ MembershipId: secondMembership, Seats: [], AdminEmails: [] });
      // One school a page, after the last school's id.
      const firstPage = await crm.currentSchoolMemberships(at, null, 1);
      expect(firstPage).toEqual([all[0]]);
      expect(await crm.currentSchoolMemberships(at, firstPage[0]!.SchoolId, 1)).toEqual([all[1]]);
      expect(await crm.currentSchoolMemberships(at, all[1]!.SchoolId, 1)).toEqual([]);
    });
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
