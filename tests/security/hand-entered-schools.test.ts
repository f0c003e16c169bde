import { addPerson } from "../server/accounts/support";
import { jsonCall, signedInBrowser } from "../server/my-account/support";
import { createTestApp, type TestApp } from "../server/support/test-app";

/*
 * Schools typed in by hand (issue 22, item 8): the probe created 30 of 30
 * schools as one person and stored 500 ElectronicAddresses on one record.
 * Creating organisations and writing addresses is now limited per person
 * (ASVS 5.0 V2.4.1 anti-automation: 5 schools a day, 20 address writes an
 * hour), and every list in the record is bounded (V2.2.1 logical limits).
 */

const school = (name: string, overrides: Record<string, unknown> = {}) => ({
  LastName: name,
  Addresses: [{ Street1: "Rua Augusta 10", City: "Lisboa", PostalCode: "1100-053", Country: { Id: 175 } }],
  ElectronicAddresses: [{ Address: "office@escola.example.pt" }],
  ...overrides,
});

describe("schools typed in by hand", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const created = (by: number) =>
    t.database.db.selectFrom("organisation_creators").select("organisation_id").where("created_by", "=", by).execute();
  const organisationCount = async () =>
    Number((await t.database.db.selectFrom("constituents").select((eb) => eb.fn.countAll<number>().as("n")).where("kind", "=", "organisation").executeTakeFirstOrThrow()).n);

  it("V2.4.1 the 6th school one person creates in a day answers 429 saying when to try again, and is not created", async () => {
    const personId = await addPerson(t.database.db, { email: "many-schools@example.org" });
    const { agent, token } = await signedInBrowser(t.app, "many-schools@example.org");
    for (let n = 1; n <= 5; n += 1) {
      const response = await jsonCall(agent, "post", "/account/create-constituent/", token, school(`Escola ${n}`));
      expect(response.status).toBe(201);
    }
    const before = await organisationCount();
    const sixth = await jsonCall(agent, "post", "/account/create-constituent/", token, school("Escola 6"));
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(23 * 60 * 60);
    expect(sixth.body).toEqual({ success: false, errors: { __all__: ["You can make 5 schools a day, and have used them all. Try again in 24 hours."] } });
    expect(await organisationCount()).toBe(before);
    expect(await created(personId)).toHaveLength(5);

    // Another person has their own count.
    await addPerson(t.database.db, { email: "one-school@example.org" });
    const other = await signedInBrowser(t.app, "one-school@example.org");
    expect((await jsonCall(other.agent, "post", "/account/create-constituent/", other.token, school("Escola Outra"))).status).toBe(201);
  });

  it("V2.4.1 the 21st address write in an hour answers 429, and the address is not stored", async () => {
    await addPerson(t.database.db, { email: "addresses@example.org" });
    const { agent, token } = await signedInBrowser(t.app, "addresses@example.org");
    const made = await jsonCall(agent, "post", "/account/create-constituent/", token, school("Escola Moradas"));
    const owner = { Constituent: { Id: made.body.data.Id as number } };
    const address = { ...owner, Street1: "Rua Nova 1", City: "Porto", PostalCode: "4000-001", Country: { Id: 175 } };
    for (let n = 1; n <= 20; n += 1) {
      expect((await jsonCall(agent, "post", "/account/create-address/", token, address)).status).toBe(201);
    }
    const count = () => t.database.db.selectFrom("addresses").select("id").where("constituent_id", "=", owner.Constituent.Id).execute();
    const before = (await count()).length;
    const refused = await jsonCall(agent, "post", "/account/create-address/", token, address);
    expect(refused.status).toBe(429);
    expect(refused.body.errors.__all__[0]).toBe("You can make 20 address changes an hour, and have used them all. Try again in 1 hour.");
    expect((await count()).length).toBe(before);
  });

  it("V2.2.1 500 ElectronicAddresses (or 6 Addresses) answer 400 with a field error, and nothing is stored", async () => {
    await addPerson(t.database.db, { email: "long-lists@example.org" });
    const { agent, token } = await signedInBrowser(t.app, "long-lists@example.org");
    const before = await organisationCount();
    const emails = Array.from({ length: 500 }, (_, n) => ({ Address: `office${n}@escola.example.pt` }));
    const response = await jsonCall(agent, "post", "/account/create-constituent/", token, school("Escola Listas", { ElectronicAddresses: emails }));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ ElectronicAddresses: ["Enter at most 5 email addresses for the school."] });
    const addresses = Array.from({ length: 6 }, () => school("x").Addresses[0]);
    const many = await jsonCall(agent, "post", "/account/create-constituent/", token, school("Escola Moradas", { Addresses: addresses }));
    expect(many.status).toBe(400);
    expect(many.body.errors).toEqual({ Addresses: ["Send at most 5 addresses; the school's first address is the one kept."] });
    expect(await organisationCount()).toBe(before);
    expect(await t.database.db.selectFrom("electronic_addresses").select("id").where("address", "=", "office499@escola.example.pt").execute()).toEqual([]);
  });
});
