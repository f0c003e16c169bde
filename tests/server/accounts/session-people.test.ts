import { createSessionPeople, SESSION_PERSON_TTL_MS, type SessionPeople } from "../../../server/accounts";
import type { CrmPort, MembershipSummary, PersonDetails } from "../../../server/crm";
import { watchCrmChanges } from "../../../server/crm/adapters";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { ids } from "../memberships/support";
import { addPerson, inAYear } from "./support";

/** The CRM's two reads, counted, over the embedded CRM: a stand-in for how often the CRM is asked. */
function countingCrm(inner: CrmPort) {
  const calls = { personDetails: 0, memberships: 0 };
  const crm: Pick<CrmPort, "personDetails" | "memberships"> = {
    personDetails: (id: number): Promise<PersonDetails | undefined> => {
      calls.personDetails += 1;
      return inner.personDetails(id);
    },
    memberships: (id: number): Promise<MembershipSummary[]> => {
      calls.memberships += 1;
      return inner.memberships(id);
    },
  };
  return { crm, calls };
}

describe("session people: what each process keeps about a signed-in person (issue 27)", () => {
  let database: TestDatabase;
  let crm: CrmPort;
  let personId: number;
  let now: number;
  let calls: { personDetails: number; memberships: number };
  let people: SessionPeople;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    crm = createSqlCrm(database.db, ids);
    personId = await addPerson(database.db, { email: "kept@example.org", firstName: "Kept", membershipExpiresAt: inAYear() });
  });
  afterAll(() => database.dispose());
  beforeEach(() => {
    now = Date.UTC(2026, 0, 10, 12);
    const counting = countingCrm(crm);
    calls = counting.calls;
    people = createSessionPeople({ db: database.db, crm: counting.crm, now: () => now });
  });

  it("asks the CRM once per session while kept, and again after SESSION_PERSON_TTL_MS", async () => {
    const person = await people.find("s1", personId, 1);
    expect(person).toMatchObject({ id: personId, email: "kept@example.org", firstName: "Kept", prefixId: -1, ownMemberships: [{ expires_at: expect.any(String) }] });
    await people.find("s1", personId, 1);
    now += SESSION_PERSON_TTL_MS - 1;
    await people.find("s1", personId, 1);
    expect(calls).toEqual({ personDetails: 1, memberships: 1 });
    now += 1;
    await people.find("s1", personId, 1);
    expect(calls).toEqual({ personDetails: 2, memberships: 2 });
    // Another session of the same person is its own.
    await people.find("s2", personId, 1);
    expect(calls).toEqual({ personDetails: 3, memberships: 3 });
  });

  it("forgets a person, everyone, or a signed-out session", async () => {
    await people.find("s1", personId, 1);
    await people.find("s2", personId, 1);
    people.forget(personId);
    await people.find("s1", personId, 1);
    await people.find("s2", personId, 1);
    expect(calls.personDetails).toBe(4);
    people.forget("everyone");
    await people.find("s1", personId, 1);
    await people.find("s2", personId, 1);
    expect(calls.personDetails).toBe(6);
    people.forgetSession("s1");
    await people.find("s1", personId, 1);
    await people.find("s2", personId, 1);
    expect(calls.personDetails).toBe(7);
  });

  it("never keeps a read that began before a forget: it may hold what the write replaced", async () => {
    const reading = people.find("s1", personId, 1);
    people.forget(personId);
    await reading;
    await people.find("s1", personId, 1);
    expect(calls.personDetails).toBe(2);
  });

  it("checks the password's version on every request, kept or not", async () => {
    await people.find("s1", personId, 1);
    expect(await people.find("s1", personId, 2)).toBeUndefined();
    expect(await people.find("s1", personId, undefined)).toBeUndefined();
    expect(await people.find("s1", personId, 1)).toBeDefined();
  });

  it("keeps nothing across people: an id that now belongs to someone else is read afresh", async () => {
    const otherId = await addPerson(database.db, { email: "other@example.org", firstName: "Other" });
    await people.find("s1", personId, 1);
    expect(await people.find("s1", otherId, 1)).toMatchObject({ id: otherId, email: "other@example.org" });
  });
});

describe("the CRM's change watcher", () => {
  let database: TestDatabase;
  let crm: CrmPort;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    crm = createSqlCrm(database.db, ids);
  });
  afterAll(() => database.dispose());

  it("names the person each write changed, inside a unit when made and again once it ends; reads name nobody", async () => {
    const personId = await addPerson(database.db, { email: "watched@example.org" });
    const changes: (number | "everyone")[] = [];
    const watched = watchCrmChanges(crm, (change) => changes.push(change));
    await watched.personDetails(personId);
    await watched.memberships(personId);
    expect(changes).toEqual([]);
    await watched.updatePerson(personId, { FirstName: "New", LastName: "Name", Phone: "", PrefixId: -1 }, new Date());
    expect(changes).toEqual([personId]);
    const membership = await watched.inTransaction(async (unit) => {
      const made = await unit.createMembership({ constituentId: personId, levelId: ids.membershipLevels.individual, initiation: new Date(), expiration: inAYear(), seats: [] });
      expect(changes).toEqual([personId, personId]);
      return made;
    });
    expect(changes).toEqual([personId, personId, personId]);
    await watched.renewMembership(membership.Id, { levelId: ids.membershipLevels.individual, expiration: inAYear(), seats: [] });
    expect(changes.at(-1)).toBe("everyone");
  });
});
