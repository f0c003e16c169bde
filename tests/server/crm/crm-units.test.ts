import { createCircuitBreakingCrm, CrmUnavailableError } from "../../../server/crm/circuit-breaking-crm";
import { CRM_IDS } from "../../../server/crm/crm-ids";
import type { CrmPort } from "../../../server/crm/crm-port";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { inTransaction } from "../../../server/db/transactions";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";

/*
 * The CRM port's units of work (inTransaction, with a lock and joining the
 * site's transaction) and the erasure account deletion uses, on both
 * databases; and how the circuit breaker treats a unit.
 */

const ids = CRM_IDS.test;
const now = new Date("2026-11-20T10:00:00.000Z");
const keyword = ids.emailDomainKeywordId;

describe.each(databaseEngines)("the embedded CRM's units and erasure on %s", (engine) => {
  let database: TestDatabase;
  let crm: CrmPort;

  const newSchool = async (name: string) => (await crm.createOrganisation({ LastName: name, Addresses: [] }, now)).Id;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    crm = createSqlCrm(database.db, ids);
  });
  afterAll(() => database.dispose());

  it("commits a unit's calls together, and a failure undoes every one of them", async () => {
    const kept = await crm.inTransaction(async (unit) => {
      const { Id } = await unit.createOrganisation({ LastName: "Unit School", Addresses: [] }, now);
      await unit.createAddress(Id, { Street1: "1 Unit Road", City: "Leeds", PostalCode: "LS1 1AA" }, now);
      // A read inside the unit sees its own writes.
      expect((await unit.constituentDetail(Id))?.Addresses).toHaveLength(1);
      return Id;
    });
    expect((await crm.constituentDetail(kept))?.Addresses).toHaveLength(1);

    let undone: number | undefined;
    await expect(
      crm.inTransaction(async (unit) => {
        undone = (await unit.createOrganisation({ LastName: "Undone School", Addresses: [] }, now)).Id;
        await unit.replaceAttributes(undone, keyword, ["undone.sch.uk"]);
        throw new Error("part-way");
      }),
    ).rejects.toThrow("part-way");
    expect(undone).toEqual(expect.any(Number));
    expect(await crm.constituentDetail(undone!)).toBeUndefined();
    expect(await crm.attributes(undone!, [keyword])).toEqual([]);
  });

  it("joins the site's transaction: the site's writes and the CRM's commit or roll back together", async () => {
    const { db } = database;
    const schoolId = await newSchool("Joined School");
    await expect(
      inTransaction(db, (trx) =>
        crm.inTransaction(
          async (unit) => {
            await unit.replaceAttributes(schoolId, keyword, ["joined.sch.uk"]);
            await trx.insertInto("login_lockouts").values({ subject_key: "joined-probe", locked_until: now.toISOString() }).execute();
            throw new Error("site failed");
          },
          { joining: trx },
        ),
      ),
    ).rejects.toThrow("site failed");
    expect(await crm.attributes(schoolId, [keyword])).toEqual([]);

    await inTransaction(db, (trx) =>
      crm.inTransaction(
        async (unit) => {
          await unit.replaceAttributes(schoolId, keyword, ["joined.sch.uk"]);
          await trx.insertInto("login_lockouts").values({ subject_key: "joined-probe", locked_until: now.toISOString() }).execute();
        },
        { joining: trx },
      ),
    );
    expect(await crm.attributes(schoolId, [keyword])).toEqual([{ Keyword: { Id: keyword }, Value: "joined.sch.uk" }]);
    expect(await db.selectFrom("login_lockouts").select("subject_key").where("subject_key", "=", "joined-probe").execute()).toHaveLength(1);
  });

  it("runs units that lock the same constituent one after the other: 10 read-then-write units lose no write", async () => {
    const schoolId = await newSchool("Locked School");
    // Each unit reads the values, then writes them back with one more: without the lock, two would read the same list.
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        crm.inTransaction(
          async (unit) => {
            const values = (await unit.attributes(schoolId, [keyword])).map((attribute) => attribute.Value);
            await new Promise((resolve) => setTimeout(resolve, 5));
            await unit.replaceAttributes(schoolId, keyword, [...values, `unit-${index}.sch.uk`]);
          },
          { lock: schoolId },
        ),
      ),
    );
    expect(await crm.attributes(schoolId, [keyword])).toHaveLength(10);
  });

  it("erases a person: addresses and attributes go, the record stays as a placeholder nobody finds", async () => {
    const person = await crm.createPerson({ FirstName: "Erin", LastName: "Gone", Phone: "01234 567890", PrefixId: 2, Email: "erin@example.org" }, now);
    const other = await crm.createPerson({ FirstName: "Stay", LastName: "Here", Phone: "", PrefixId: -1, Email: "stay@example.org" }, now);
    await crm.createAddress(person!.Id, { Street1: "1 Home Street", City: "Exeter", PostalCode: "EX1 1AA" }, now);
    await crm.createAddress(other!.Id, { Street1: "2 Home Street", City: "Exeter", PostalCode: "EX1 1AB" }, now);
    await crm.replaceAttributes(person!.Id, keyword, ["kept-nowhere"]);

    expect(await crm.erasePerson(person!.Id, now)).toEqual({ FormerEmail: "erin@example.org" });

    expect(await crm.findPerson("erin@example.org")).toBeUndefined();
    expect(await crm.personContact(person!.Id)).toBeUndefined();
    expect(await crm.constituentDetail(person!.Id)).toMatchObject({ DisplayName: "Deleted account", Addresses: [] });
    expect(await crm.attributes(person!.Id, [keyword])).toEqual([]);
    // The address is free again: a new sign-up may have it.
    expect(await crm.createPerson({ FirstName: "Erin", LastName: "New", Phone: "", PrefixId: -1, Email: "erin@example.org" }, now)).toEqual({ Id: expect.any(Number) });
    // Nobody else is touched.
    expect(await crm.personContact(other!.Id)).toEqual({ Id: other!.Id, FirstName: "Stay", Email: "stay@example.org" });
    expect((await crm.constituentDetail(other!.Id))?.Addresses).toHaveLength(1);
  });
});

describe("the circuit breaker around a unit", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
  });
  afterAll(() => database.dispose());

  const guard = () =>
    createCircuitBreakingCrm(createSqlCrm(database.db, ids), { timeoutMs: 1000, errorThresholdPercent: 50, minimumCalls: 1, resetTimeoutMs: 30_000 });

  it("refuses a unit at once while the breaker is open, without starting it", async () => {
    const { crm, breaker } = guard();
    breaker.open();
    let started = false;
    await expect(
      crm.inTransaction(async () => {
        started = true;
      }),
    ).rejects.toBeInstanceOf(CrmUnavailableError);
    expect(started).toBe(false);
    breaker.shutdown();
  });

  it("lets a unit run while it is closed, its calls not fired through the breaker one by one", async () => {
    const { crm, breaker } = guard();
    const firesBefore = breaker.stats.fires;
    const countries = await crm.inTransaction(async (unit) => {
      await unit.states();
      return unit.countries();
    });
    expect(countries).toContainEqual({ Id: 209, Description: "United Kingdom" });
    expect(breaker.stats.fires).toBe(firesBefore);
    // An ordinary call still goes through it.
    await crm.countries();
    expect(breaker.stats.fires).toBe(firesBefore + 1);
    breaker.shutdown();
  });
});
