import type { Kysely } from "kysely";
import type { Database } from "../../server/db/schema";
import { addPerson, inAYear, setEmailVerifiedAt } from "../server/accounts/support";
import { addSchool, crmOf, ids, join } from "../server/memberships/support";
import { jsonCall, signedInBrowser, type Agent } from "../server/my-account/support";
import { addShareableResources, GENERATE_PATH, pathOf } from "../server/resources/share-links/support";
import { databaseEngines } from "../server/support/databases";
import { createTestApp, type TestApp } from "../server/support/test-app";

/*
 * IDOR / broken object-level authorisation (ASVS 5.0 V8.2.2 data-specific
 * access; V8.2.1 function-level access for the school admin's calls; V8.3.1
 * enforced on the server). Two schools, each with an admin and a teacher,
 * and two members with their own notes and share links (orders: payment-forgery.test.ts). Every call
 * that takes an id (in the path, the query or the body) is made by someone
 * who does not own the thing: it answers 403 or 404, and the database is
 * exactly as it was. Where the id names a person, a membership, an address or
 * an affiliation, a stranger's real id is answered exactly as an id that does
 * not exist (404, the same body), so ids cannot be enumerated.
 */

/** Every table an id-taking call could change. */
async function snapshot(db: Kysely<Database>) {
  const all = <T extends keyof Database & string>(table: T) => db.selectFrom(table).selectAll().execute();
  return {
    constituents: await all("constituents"),
    addresses: await all("addresses"),
    affiliations: await all("affiliations"),
    usages: await all("benefit_usages"),
    benefits: await all("membership_benefits"),
    memberships: await all("memberships"),
    notes: await all("teacher_notes"),
    shareLinks: await all("share_links"),
    saved: await all("saved_resources"),
    orders: await all("payment_orders"),
  };
}

interface Browser {
  id: number;
  agent: Agent;
  token: string;
}

describe.each(databaseEngines)("IDOR: nobody reaches another person's or school's things, on %s", (engine) => {
  let t: TestApp;
  const people: Record<string, Browser> = {};
  let river: { schoolId: number; membershipId: number };
  let brook: { schoolId: number; membershipId: number };
  let riverTeacherAffiliation: number;
  let riverAddressId: number;
  let activityIds: number[];
  let aliceShare: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    const crm = crmOf(t);
    const db = t.database.db;
    river = await addSchool(db, crm, { name: "Riverside Academy", kind: "state", domains: ["river.example"], seats: 10 });
    brook = await addSchool(db, crm, { name: "Brook Primary", kind: "state", domains: ["brook.example"], seats: 10 });
    for (const [key, email, member] of [
      ["riverAdmin", "admin@river.example", false],
      ["riverTeacher", "teacher@river.example", false],
      ["brookAdmin", "admin@brook.example", false],
      ["brookTeacher", "teacher@brook.example", false],
      ["alice", "alice@example.org", true],
      ["bob", "bob@example.org", true],
    ] as const) {
      const id = await addPerson(db, { email, membershipExpiresAt: member ? inAYear() : undefined });
      await setEmailVerifiedAt(db, id);
      people[key] = { id, ...(await signedInBrowser(t.app, email)) };
    }
    await join(crm, river.schoolId, people.riverAdmin!.id, "admin");
    riverTeacherAffiliation = await join(crm, river.schoolId, people.riverTeacher!.id, "user");
    await join(crm, brook.schoolId, people.brookAdmin!.id, "admin");
    await join(crm, brook.schoolId, people.brookTeacher!.id, "user");
    riverAddressId = (await db.selectFrom("addresses").select("id").where("constituent_id", "=", river.schoolId).executeTakeFirstOrThrow()).id;

    ({ activityIds } = await addShareableResources(db));
    const alice = people.alice!;
    expect((await jsonCall(alice.agent, "post", `/resources/notes/${activityIds[0]}/save/`, alice.token, { content: "Alice's own note" })).status).toBe(200);
    aliceShare = pathOf((await jsonCall(alice.agent, "post", GENERATE_PATH, alice.token, { type: "teacher", resource_id: 21, resource_type: "lesson-plan" })).body.link as string);
  }, 60_000);
  afterAll(() => t.close());

  const as = (who: string) => people[who]!;
  const read = (who: string, path: string) => as(who).agent.get(path).set("Accept", "application/json").set("X-Requested-With", "XMLHttpRequest");
  const write = (who: string, method: "post" | "put" | "delete", path: string, body: object = {}) =>
    as(who).agent[method](path).set("Accept", "application/json").set("X-Requested-With", "XMLHttpRequest").set("X-CSRFToken", as(who).token).send(body);

  /** The call is refused with one of `statuses`, and nothing anywhere changed. */
  async function refusedWithoutChange(call: () => PromiseLike<{ status: number; text: string }>, statuses = [403, 404]) {
    const before = await snapshot(t.database.db);
    const response = await call();
    expect(statuses, `${response.status}: ${response.text.slice(0, 200)}`).toContain(response.status);
    expect(await snapshot(t.database.db)).toEqual(before);
    return response;
  }

  it("V8.2.2 a member cannot read or delete another member's note, and never sees it", async () => {
    // Notes are per person: Bob reading the activity gets his own note, which is empty (a missing note is an
    // empty note, issue 24), never Alice's, and nothing changes.
    const own = await refusedWithoutChange(() => read("bob", `/resources/notes/${activityIds[0]}/`), [200]);
    expect(JSON.parse(own.text)).toEqual({ content: "" });
    await refusedWithoutChange(() => write("bob", "delete", `/resources/notes/${activityIds[0]}/delete/`));
    await refusedWithoutChange(() => write("bob", "post", `/resources/notes/${activityIds[0]}/delete/`));
    const page = await as("bob").agent.get("/resources/macbeth-banquet/").set("Accept", "text/html");
    expect(page.text).not.toContain("Alice&#39;s own note");
    expect(page.text).not.toContain("Alice's own note");
  });

  it("V8.2.2 only the sharer revokes a share link", async () => {
    await refusedWithoutChange(() => write("bob", "post", `${aliceShare}revoke/`));
  });

  it("V15.3.3 saving a resource with someone else's id in the body saves it for the caller only", async () => {
    const response = await write("bob", "post", "/account/save-resource/", { resource_id: 21, resource_type: "lesson-plan", to_save: true, constituent_id: as("alice").id, user_id: as("alice").id });
    expect(response.status).toBe(200);
    const saved = await t.database.db.selectFrom("saved_resources").select("constituent_id").where("resource_id", "=", 21).execute();
    expect(saved.map((row) => row.constituent_id)).toEqual([as("bob").id]);
    await t.database.db.deleteFrom("saved_resources").execute();
  });

  it("V8.2.2 a person's own records (detail, membership, seats) are refused to anyone else", async () => {
    const teacher = as("riverTeacher").id;
    const aliceMembership = (await t.database.db.selectFrom("memberships").select("id").where("constituent_id", "=", as("alice").id).executeTakeFirstOrThrow()).id;
    for (const path of [
      `/account/constituent-detail/${teacher}/`,
      `/account/membership-summary/${as("alice").id}/`,
      `/account/benefits-number-of-seats/${aliceMembership}/`,
      `/account/membership-organisation-benefit-summary/${teacher}/`,
      `/account/attributes/${teacher}/`,
    ]) {
      for (const who of ["brookAdmin", "bob"]) await refusedWithoutChange(() => read(who, path));
    }
  });

  it("V8.2.2 a stranger's real id and an id that does not exist get the same status and body, on every id-taking call", async () => {
    const missing = 999_999;
    const teacher = as("riverTeacher").id;
    const aliceMembership = (await t.database.db.selectFrom("memberships").select("id").where("constituent_id", "=", as("alice").id).executeTakeFirstOrThrow()).id;
    const address = (id: number, owner: number) => ({
      Id: id,
      AddressType: { Id: 3 },
      Constituent: { Id: owner },
      Label: "",
      Months: "YYYYYYYYYYYY",
      PrimaryIndicator: false,
      Street1: "Probe",
      Street2: "",
      PostalCode: "LS3 1AA",
      City: "Leeds",
      Country: { Id: 209 },
      State: null,
      Inactive: false,
    });
    const seat = (membershipId: number) => ({
      Benefit: { Id: ids.seatBenefits.userSeat, Inactive: false, MembershipOrganization: { Id: 1 }, Type: { Id: -2 }, PremiumId: null },
      Constituent: { Id: as("bob").id },
      Membership: { Id: membershipId },
      TotalCount: 1,
      UsedDateTime: new Date().toISOString(),
    });
    const calls: [string, (id: number) => PromiseLike<{ status: number; text: string }>, number][] = [
      ["constituent-detail", (id) => read("bob", `/account/constituent-detail/${id}/`), teacher],
      ["membership-summary", (id) => read("bob", `/account/membership-summary/${id}/`), as("alice").id],
      ["benefits-number-of-seats", (id) => read("bob", `/account/benefits-number-of-seats/${id}/`), aliceMembership],
      ["membership-organisation-benefit-summary", (id) => read("bob", `/account/membership-organisation-benefit-summary/${id}/`), teacher],
      ["attributes", (id) => read("bob", `/account/attributes/${id}/`), teacher],
      ["create-address (owner)", (id) => write("brookAdmin", "post", "/account/create-address/", address(0, id)), river.schoolId],
      ["update-address", (id) => write("brookAdmin", "put", `/account/update-address/${id}/`, address(id, id === missing ? missing : river.schoolId)), riverAddressId],
      ["manual-benefit-usage (membership)", (id) => write("bob", "post", "/account/manual-benefit-usage/", seat(id)), aliceMembership],
      ["affiliation delete", (id) => write("brookAdmin", "delete", `/account/affiliation/${id}/delete`), riverTeacherAffiliation],
      ["school remove (page)", (id) => read("brookAdmin", `/account/school/remove/${id}/`), riverTeacherAffiliation],
      ["school remove", (id) => write("brookAdmin", "post", `/account/school/remove/${id}/`), riverTeacherAffiliation],
    ];
    for (const [name, call, strangers] of calls) {
      const taken = await refusedWithoutChange(() => call(strangers), [404]);
      const absent = await refusedWithoutChange(() => call(missing), [404]);
      expect(taken.text, name).toBe(absent.text);
    }
    // The not-yours case is still logged, at warn, with the rule.
    expect(t.logLines().some((line) => line.level === 40 && line.msg === "school records: refused" && line.rule === "constituent-detail-own-only")).toBe(true);
  });

  it("V8.2.2 a school's members are named only to its admins: anyone else sees the roles without the people", async () => {
    const path = `/account/affiliations/?groupConstituentID=${river.schoolId}`;
    const toAdmin = await read("riverAdmin", path);
    expect(JSON.stringify(toAdmin.body)).toContain(`"Id":${as("riverTeacher").id}`);
    for (const who of ["brookAdmin", "bob"]) {
      const response = await read(who, path);
      expect(response.status).toBe(200);
      const text = JSON.stringify(response.body);
      expect(text).not.toContain(`"Id":${as("riverTeacher").id},`);
      expect(text).not.toContain("teacher@river.example");
      expect(text).not.toMatch(/"Id":(\d+)[^}]*"DisplayName":"Jo Baptiste"/);
    }
  });

  it("V8.2.2 another school's address cannot be changed", async () => {
    await refusedWithoutChange(() =>
      write("brookAdmin", "put", `/account/update-address/${riverAddressId}/`, {
        Id: riverAddressId,
        AddressType: { Id: 3 },
        Constituent: { Id: river.schoolId },
        Label: "",
        Months: "YYYYYYYYYYYY",
        PrimaryIndicator: false,
        Street1: "Taken over",
        Street2: "",
        PostalCode: "LS3 1AA",
        City: "Leeds",
        Country: { Id: 209 },
        State: null,
        Inactive: false,
      }),
    );
  });

  it("V8.2.1 another school's admin cannot make admins, remove people or see the confirmation pages", async () => {
    const teacher = as("riverTeacher").id;
    await refusedWithoutChange(() =>
      write("brookAdmin", "post", `/account/affiliation/${teacher}/`, {
        AffiliationType: { Id: ids.affiliationTypes.admin },
        GroupConstituent: { Id: river.schoolId },
        IndividualConstituent: { Id: teacher },
        StartDate: new Date().toISOString(),
        EndDate: null,
        Salary: null,
      }),
    );
    await refusedWithoutChange(() => write("brookAdmin", "delete", `/account/affiliation/${riverTeacherAffiliation}/delete`));
    await refusedWithoutChange(() => read("brookAdmin", `/account/school/${river.schoolId}/make-admin/${teacher}/`));
    await refusedWithoutChange(() => write("brookAdmin", "post", `/account/school/${river.schoolId}/make-admin/${teacher}/`));
    await refusedWithoutChange(() => read("brookAdmin", `/account/school/remove/${riverTeacherAffiliation}/`));
    await refusedWithoutChange(() => write("brookAdmin", "post", `/account/school/remove/${riverTeacherAffiliation}/`));
    // Naming one's own school in the path does not stretch to a person of another school.
    await refusedWithoutChange(() => write("brookAdmin", "post", `/account/school/${brook.schoolId}/make-admin/${teacher}/`));
  });

  it("V8.2.1 a teacher (not an admin) of the same school cannot make admins or remove colleagues", async () => {
    const colleague = as("riverAdmin").id;
    await refusedWithoutChange(() => read("riverTeacher", `/account/school/${river.schoolId}/make-admin/${as("riverTeacher").id}/`));
    const [adminAffiliation] = await crmOf(t).affiliations({ groupConstituentId: river.schoolId, individualConstituentId: colleague, currentAt: new Date() });
    await refusedWithoutChange(() => write("riverTeacher", "post", `/account/school/remove/${adminAffiliation!.Id}/`));
  });

  it("V8.2.2 a seat cannot be taken for someone else, nor in another school's membership", async () => {
    const usage = (constituentId: number, membershipId: number) => ({
      Benefit: { Id: ids.seatBenefits.userSeat, Inactive: false, MembershipOrganization: { Id: 1 }, Type: { Id: -2 }, PremiumId: null },
      Constituent: { Id: constituentId },
      Membership: { Id: membershipId },
      TotalCount: 1,
      UsedDateTime: new Date().toISOString(),
    });
    await refusedWithoutChange(() => write("alice", "post", "/account/manual-benefit-usage/", usage(as("bob").id, river.membershipId)));
    // alice@example.org's email is not a Riverside address: her own seat there is refused too.
    await refusedWithoutChange(() => write("alice", "post", "/account/manual-benefit-usage/", usage(as("alice").id, river.membershipId)));
    await refusedWithoutChange(() => write("brookTeacher", "post", "/account/manual-benefit-usage/", usage(as("brookTeacher").id, river.membershipId)));
  });
});
