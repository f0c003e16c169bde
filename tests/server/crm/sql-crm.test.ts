import { CRM_IDS } from "../../../server/crm/crm-ids";
import type { CrmPort } from "../../../server/crm/crm-port";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";

const ids = CRM_IDS.test;
const now = new Date("2026-11-20T10:00:00.000Z");
const nextYear = new Date("2027-11-20T10:00:00.000Z");

describe.each(databaseEngines)("the embedded CRM on %s", (engine) => {
  let database: TestDatabase;
  let crm: CrmPort;
  let personId: number;

  const addPerson = async (email: string, first = "Jo", last = "Bloggs") => {
    const { id } = await database.db
      .insertInto("constituents")
      .values({ email, first_name: first, last_name: last, phone_number: "", prefix: -1, created_at: now.toISOString(), updated_at: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    crm = createSqlCrm(database.db, ids);
    personId = await addPerson("jo@oakfield.sch.uk");
  });
  afterAll(() => database.dispose());

  describe("reference data", () => {
    it("lists countries with the United Kingdom as 209, and states with their country", async () => {
      const countries = await crm.countries();
      expect(countries).toContainEqual({ Id: 209, Description: "United Kingdom" });
      const states = await crm.states();
      expect(states).toContainEqual({ Id: expect.any(Number), Description: "Ontario", Country: { Id: 38 } });
      expect(states.some((state) => state.Country.Id === 209)).toBe(false);
    });
  });

  describe("organisations and addresses", () => {
    it("creates a school in the same id space as people, with its primary address in the default country", async () => {
      const { Id } = await crm.createOrganisation(
        { LastName: " Oakfield Primary School ", Addresses: [{ Street1: "12 Orchard Lane", City: "Bristol", PostalCode: "bs9 4pq" }] },
        now,
      );
      expect(Id).not.toBe(personId);
      const detail = await crm.constituentDetail(Id);
      expect(detail).toMatchObject({
        Id,
        ConstituentType: { Id: ids.constituentTypes.organisation },
        DisplayName: "Oakfield Primary School",
        SortName: "Oakfield Primary School",
      });
      expect(detail?.Addresses).toEqual([
        expect.objectContaining({ Street1: "12 Orchard Lane", City: "Bristol", PostalCode: "BS9 4PQ", Country: { Id: 209 }, PrimaryIndicator: true, Months: "YYYYYYYYYYYY" }),
      ]);
    });

    it("names people First Last, sorted Last/First", async () => {
      expect(await crm.constituentDetail(personId)).toMatchObject({ DisplayName: "Jo Bloggs", SortName: "Bloggs/Jo", ConstituentType: { Id: ids.constituentTypes.individual } });
      expect(await crm.constituentDetail(987654)).toBeUndefined();
    });

    it("gives a person's first name and email for writing to them, and nothing for a school or an unknown id", async () => {
      expect(await crm.personContact(personId)).toEqual({ Id: personId, FirstName: "Jo", Email: "jo@oakfield.sch.uk" });
      const { Id: schoolId } = await crm.createOrganisation({ LastName: "Contact School", Addresses: [] }, now);
      expect(await crm.personContact(schoolId)).toBeUndefined();
      expect(await crm.personContact(987654)).toBeUndefined();
    });

    it("creates, finds, corrects and re-addresses a person; an address held by another is refused, and a deleted account is not found", async () => {
      const created = await crm.createPerson({ FirstName: "Ada", LastName: "Byron", Phone: "", PrefixId: -1, Email: "ada@example.org" }, now);
      expect(created).toEqual({ Id: expect.any(Number) });
      expect(await crm.findPerson("ada@example.org")).toEqual({ Id: created!.Id, FirstName: "Ada", Email: "ada@example.org" });
      expect(await crm.createPerson({ FirstName: "Other", LastName: "Ada", Phone: "", PrefixId: -1, Email: "ada@example.org" }, now)).toBeUndefined();
      await crm.updatePerson(created!.Id, { FirstName: "Augusta", LastName: "King", Phone: "01234 567890", PrefixId: -1 }, now);
      expect(await crm.personContact(created!.Id)).toEqual({ Id: created!.Id, FirstName: "Augusta", Email: "ada@example.org" });
      expect(await crm.changePrimaryEmail(created!.Id, "jo@oakfield.sch.uk", now)).toBe(false);
      expect(await crm.changePrimaryEmail(created!.Id, "augusta@example.org", now)).toBe(true);
      expect(await crm.findPerson("augusta@example.org")).toEqual({ Id: created!.Id, FirstName: "Augusta", Email: "augusta@example.org" });
      expect(await crm.findPerson("ada@example.org")).toBeUndefined();
      await database.db.updateTable("constituents").set({ deleted_at: now.toISOString() }).where("id", "=", created!.Id).execute();
      expect(await crm.findPerson("augusta@example.org")).toBeUndefined();
      expect(await crm.personContact(created!.Id)).toBeUndefined();
    });

    it("gives a person's details (name, title, phone, email, created date), and nothing for a school, a deleted account or an unknown id", async () => {
      const created = await crm.createPerson({ FirstName: "Grace", LastName: "Hopper", Phone: "01234 000111", PrefixId: 2, Email: "grace@example.org" }, now);
      expect(await crm.personDetails(created!.Id)).toEqual({
        Id: created!.Id,
        FirstName: "Grace",
        LastName: "Hopper",
        Email: "grace@example.org",
        PrefixId: 2,
        Phone: "01234 000111",
        CreatedDateTime: now.toISOString(),
      });
      await crm.updatePerson(created!.Id, { FirstName: "Grace", LastName: "Murray", Phone: "", PrefixId: -1 }, nextYear);
      expect(await crm.personDetails(created!.Id)).toMatchObject({ LastName: "Murray", Phone: "", PrefixId: -1, CreatedDateTime: now.toISOString() });
      const { Id: schoolId } = await crm.createOrganisation({ LastName: "Details School", Addresses: [] }, now);
      expect(await crm.personDetails(schoolId)).toBeUndefined();
      expect(await crm.personDetails(987654)).toBeUndefined();
      await crm.erasePerson(created!.Id, now);
      expect(await crm.personDetails(created!.Id)).toBeUndefined();
    });

    it("finds organisations by postcode whatever its spacing and case, never people", async () => {
      const { Id } = await crm.createOrganisation({ LastName: "Quay School", Addresses: [{ Street1: "Quay Road", City: "Exeter", PostalCode: "EX2 4AN" }] }, now);
      await crm.createAddress(personId, { Street1: "1 Home Street", City: "Exeter", PostalCode: "EX2 4AN" }, now);
      expect(await crm.searchOrganisationsByPostcode("ex24an")).toEqual([{ Id }]);
      expect(await crm.searchOrganisationsByPostcode("  ")).toEqual([]);
    });

    it("updates an address, and says when there is none to update", async () => {
      const { Id } = await crm.createOrganisation({ LastName: "Moving School", Addresses: [{ Street1: "Old Road", City: "Bath", PostalCode: "BA1 1AA" }] }, now);
      const [address] = (await crm.constituentDetail(Id))!.Addresses;
      expect(await crm.updateAddress(address!.Id, { Street1: "New Road", City: "Bath", PostalCode: "BA2 2BB", CountryId: 104, StateId: 1306 }, now)).toBe(true);
      expect((await crm.constituentDetail(Id))!.Addresses[0]).toMatchObject({ Street1: "New Road", PostalCode: "BA2 2BB", Country: { Id: 104 }, State: { Id: 1306 } });
      expect(await crm.updateAddress(999999, { Street1: "x", City: "y", PostalCode: "z" }, now)).toBe(false);
    });

    it("keeps attributes per keyword, replacing the old values", async () => {
      const { Id } = await crm.createOrganisation({ LastName: "Domain School", Addresses: [] }, now);
      await crm.replaceAttributes(Id, ids.emailDomainKeywordId, ["domain.sch.uk", "old.org.uk"]);
      await crm.replaceAttributes(Id, ids.emailDomainKeywordId, ["domain.sch.uk"]);
      await crm.replaceAttributes(Id, 999, ["other"]);
      expect(await crm.attributes(Id, [ids.emailDomainKeywordId])).toEqual([{ Keyword: { Id: ids.emailDomainKeywordId }, Value: "domain.sch.uk" }]);
      expect(await crm.attributes(Id, [])).toEqual([]);
    });
  });

  describe("memberships and seats", () => {
    it("summarises a membership with its holder and expiry", async () => {
      const school = await crm.createOrganisation({ LastName: "Summary School", Addresses: [] }, now);
      const { Id } = await crm.createMembership(
        { constituentId: school.Id, levelId: 96, initiation: now, expiration: nextYear, seats: [{ benefitId: ids.seatBenefits.userSeat, available: 5 }] },
      );
      expect(await crm.membershipSummary(Id)).toEqual({
        Id,
        MembershipLevel: { Id: 96 },
        InitiationDateTime: now.toISOString(),
        ExpirationDateTime: nextYear.toISOString(),
        Constituent: { Id: school.Id, DisplayName: "Summary School", SortName: "Summary School" },
      });
      expect((await crm.memberships(school.Id)).map((membership) => membership.Id)).toEqual([Id]);
      expect(await crm.seatBenefits(Id)).toEqual([
        {
          Id: expect.any(Number),
          BenefitMembershipSummary: { Id },
          Benefit: { Id: ids.seatBenefits.userSeat },
          MembershipLevelBenefit: { UnlimitedIndicator: false },
          TotalAvailable: 5,
          TotalRemaining: 5,
        },
      ]);
    });

    it("lets exactly one of 20 concurrent claims take the last seat", async () => {
      const school = await crm.createOrganisation({ LastName: "Race School", Addresses: [] }, now);
      const membership = await crm.createMembership(
        { constituentId: school.Id, levelId: 96, initiation: now, expiration: nextYear, seats: [{ benefitId: ids.seatBenefits.userSeat, available: 1 }] },
      );
      const claimants = await Promise.all(Array.from({ length: 20 }, (_, index) => addPerson(`racer${index}@race.sch.uk`)));
      const claims = await Promise.all(
        claimants.map((constituentId) => crm.claimSeat({ membershipId: membership.Id, benefitId: ids.seatBenefits.userSeat, constituentId, usedAt: now })),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      const [benefit] = await crm.seatBenefits(membership.Id);
      expect(benefit).toMatchObject({ TotalAvailable: 1, TotalRemaining: 0 });
      const usages = await database.db.selectFrom("benefit_usages").select("id").where("membership_benefit_id", "=", benefit!.Id).execute();
      expect(usages).toHaveLength(1);
    });

    it("always has a seat when seats are unlimited, and a released seat can be claimed again", async () => {
      const school = await crm.createOrganisation({ LastName: "Open School", Addresses: [] }, now);
      const unlimited = await crm.createMembership(
        { constituentId: school.Id, levelId: ids.membershipLevels.stateSchool, initiation: now, expiration: nextYear, seats: [{ benefitId: ids.seatBenefits.userSeat, available: "unlimited" }] },
      );
      for (let claim = 0; claim < 3; claim++) {
        expect(await crm.claimSeat({ membershipId: unlimited.Id, benefitId: ids.seatBenefits.userSeat, constituentId: personId, usedAt: now })).toBeDefined();
      }
      expect((await crm.seatBenefits(unlimited.Id))[0]?.MembershipLevelBenefit.UnlimitedIndicator).toBe(true);

      const single = await crm.createMembership(
        { constituentId: school.Id, levelId: 95, initiation: now, expiration: nextYear, seats: [{ benefitId: ids.seatBenefits.userSeat, available: 1 }] },
      );
      const first = await crm.claimSeat({ membershipId: single.Id, benefitId: ids.seatBenefits.userSeat, constituentId: personId, usedAt: now });
      expect(await crm.claimSeat({ membershipId: single.Id, benefitId: ids.seatBenefits.userSeat, constituentId: personId, usedAt: now })).toBeUndefined();
      await crm.releaseSeat(first!.Id);
      await crm.releaseSeat(first!.Id); // twice frees one seat, not two
      expect((await crm.seatBenefits(single.Id))[0]?.TotalRemaining).toBe(1);
      expect(await crm.claimSeat({ membershipId: single.Id, benefitId: ids.seatBenefits.userSeat, constituentId: personId, usedAt: now })).toBeDefined();
      expect((await crm.seatBenefits(single.Id))[0]?.TotalRemaining).toBe(0);
    });

    it("has no seat for a benefit the membership does not give", async () => {
      const school = await crm.createOrganisation({ LastName: "Seatless School", Addresses: [] }, now);
      const membership = await crm.createMembership({ constituentId: school.Id, levelId: 96, initiation: now, expiration: nextYear, seats: [] });
      expect(await crm.claimSeat({ membershipId: membership.Id, benefitId: ids.seatBenefits.adminSeat, constituentId: personId, usedAt: now })).toBeUndefined();
    });
  });

  describe("affiliations", () => {
    it("records a role with its seat, lists current ones, and ending one frees its seat", async () => {
      const school = await crm.createOrganisation({ LastName: "Affiliated School", Addresses: [] }, now);
      const membership = await crm.createMembership(
        { constituentId: school.Id, levelId: 95, initiation: now, expiration: nextYear, seats: [{ benefitId: ids.seatBenefits.userSeat, available: 1 }] },
      );
      const usage = await crm.claimSeat({ membershipId: membership.Id, benefitId: ids.seatBenefits.userSeat, constituentId: personId, usedAt: now });
      const { Id } = await crm.createAffiliation(
        { affiliationTypeId: ids.affiliationTypes.user, groupConstituentId: school.Id, individualConstituentId: personId, startDate: now, endDate: nextYear, benefitUsageId: usage!.Id },
        now,
      );
      expect(await crm.affiliation(Id)).toEqual({
        Id,
        AffiliationType: { Id: ids.affiliationTypes.user },
        GroupConstituent: { Id: school.Id, DisplayName: "Affiliated School", SortName: "Affiliated School" },
        IndividualConstituent: { Id: personId, DisplayName: "Jo Bloggs", SortName: "Bloggs/Jo" },
        IsIncludedInSearchResults: true,
        StartDate: now.toISOString(),
        EndDate: nextYear.toISOString(),
        Salary: usage!.Id,
      });
      const later = new Date("2027-01-01T00:00:00.000Z");
      expect((await crm.affiliations({ groupConstituentId: school.Id, currentAt: later })).map((a) => a.Id)).toEqual([Id]);
      expect((await crm.affiliations({ individualConstituentId: personId })).map((a) => a.Id)).toContain(Id);

      await crm.endAffiliation(Id, later);
      expect(await crm.affiliations({ groupConstituentId: school.Id, currentAt: later })).toEqual([]);
      expect(await crm.affiliations({ groupConstituentId: school.Id, currentAt: now })).toHaveLength(1);
      expect((await crm.seatBenefits(membership.Id))[0]?.TotalRemaining).toBe(1);
    });
  });
});
