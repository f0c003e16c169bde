import request from "supertest";
import type { CrmPort } from "../../../server/crm/crm-port";
import { SIGNED_OUT_MESSAGE } from "../../../server/http/require-user";
import { addPerson } from "../accounts/support";
import { jsonCall, signedInBrowser, type Agent } from "../my-account/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { addSchool, crmOf, currentRoles, ids, join, refusals, userSeatsRemaining } from "./support";

const { admin: ADMIN, user: USER } = ids.affiliationTypes;

describe.each(databaseEngines)("school administration calls on %s", (engine) => {
  let t: TestApp;
  let crm: CrmPort;
  let riverside: { schoolId: number; membershipId: number };
  let other: { schoolId: number; membershipId: number };
  const people: Record<string, number> = {};
  const affiliations: Record<string, number> = {};
  const browsers: Record<string, { agent: Agent; token: string }> = {};

  beforeAll(async () => {
    t = await createTestApp({ engine });
    crm = crmOf(t);
    riverside = await addSchool(t.database.db, crm, { name: "Riverside Academy", seats: 5 });
    other = await addSchool(t.database.db, crm, { name: "Hillcrest High School", seats: "unlimited" });
    for (const [key, firstName] of [["admin", "Ada"], ["teacher", "Tom"], ["second", "Sian"], ["third", "Theo"], ["otherAdmin", "Olu"], ["otherUser", "Uma"]]) {
      people[key!] = await addPerson(t.database.db, { email: `${key!.toLowerCase()}@example.org`, firstName });
    }
    affiliations.adminUser = await join(crm, riverside.schoolId, people.admin!, "user");
    affiliations.admin = await join(crm, riverside.schoolId, people.admin!, "admin");
    affiliations.teacher = await join(crm, riverside.schoolId, people.teacher!, "user");
    affiliations.second = await join(crm, riverside.schoolId, people.second!, "user");
    affiliations.third = await join(crm, riverside.schoolId, people.third!, "user");
    affiliations.otherAdmin = await join(crm, other.schoolId, people.otherAdmin!, "admin");
    affiliations.otherUser = await join(crm, other.schoolId, people.otherUser!, "user");
    for (const key of ["admin", "teacher", "otherAdmin"]) browsers[key] = await signedInBrowser(t.app, `${key.toLowerCase()}@example.org`);
  });
  afterAll(() => t.close());

  const get = (who: string, path: string) => browsers[who]!.agent.get(path).set("Accept", "application/json").set("X-Requested-With", "XMLHttpRequest");
  const makeAdminCall = (who: string, personId: number, schoolId = riverside.schoolId, typeId = ADMIN) =>
    jsonCall(browsers[who]!.agent, "post", `/account/affiliation/${personId}/`, browsers[who]!.token, {
      AffiliationType: { Id: typeId },
      GroupConstituent: { Id: schoolId },
      IndividualConstituent: { Id: personId },
      StartDate: new Date().toISOString(),
      EndDate: null,
      Salary: null,
    });
  const deleteCall = (who: string, affiliationId: number) =>
    browsers[who]!.agent
      .delete(`/account/affiliation/${affiliationId}/delete`)
      .set("Accept", "application/json")
      .set("X-Requested-With", "XMLHttpRequest")
      .set("X-CSRFToken", browsers[who]!.token);

  describe("GET /account/affiliations/", () => {
    it("answers 401 signed out", async () => {
      const response = await request(t.app).get(`/account/affiliations/?groupConstituentID=${riverside.schoolId}&currentOnly=true`).set("Accept", "application/json");
      expect(response.status).toBe(401);
      expect(response.body.errors.__all__).toEqual([SIGNED_OUT_MESSAGE]);
    });

    it("gives an admin of the school everyone's names", async () => {
      const response = await get("admin", `/account/affiliations/?groupConstituentID=${riverside.schoolId}&currentOnly=true`);
      expect(response.status).toBe(200);
      const names = response.body.details.map((record: { IndividualConstituent: { DisplayName: string } }) => record.IndividualConstituent.DisplayName);
      expect(names).toEqual(expect.arrayContaining(["Ada Baptiste", "Tom Baptiste", "Sian Baptiste"]));
    });

    it("hides other people from a user who is not an admin, keeping their own record and everyone's role", async () => {
      const response = await get("teacher", `/account/affiliations/?groupConstituentID=${riverside.schoolId}&currentOnly=true`);
      expect(response.status).toBe(200);
      const details = response.body.details as { AffiliationType: { Id: number }; IndividualConstituent: { Id: number; DisplayName: string } }[];
      expect(details.some((record) => record.AffiliationType.Id === ADMIN)).toBe(true);
      for (const record of details) {
        if (record.IndividualConstituent.Id === people.teacher) expect(record.IndividualConstituent.DisplayName).toBe("Tom Baptiste");
        else expect(record.IndividualConstituent).toEqual({ Id: 0, DisplayName: "", SortName: "" });
      }
    });

    it("answers 400 without a school id", async () => {
      expect((await get("admin", "/account/affiliations/?groupConstituentID=abc")).status).toBe(400);
    });
  });

  describe("POST /account/affiliation/{individualId}/ (make admin)", () => {
    it("refuses a user who is not an admin, changes nothing, and logs it at warn", async () => {
      const response = await makeAdminCall("teacher", people.second!);
      expect(response.status).toBe(403);
      expect(response.body.errors.__all__[0]).toMatch(/only its admins can/);
      expect(await currentRoles(crm, riverside.schoolId, people.second!)).toEqual([USER]);
      expect(refusals(t, "admin-of-school").some((line) => line.userId === people.teacher && line.schoolId === riverside.schoolId)).toBe(true);
    });

    it("refuses an admin of another school", async () => {
      const response = await makeAdminCall("otherAdmin", people.second!);
      expect(response.status).toBe(403);
      expect(await currentRoles(crm, riverside.schoolId, people.second!)).toEqual([USER]);
    });

    it("refuses a person who is not a user of the school", async () => {
      const response = await makeAdminCall("admin", people.otherUser!);
      expect(response.status).toBe(403);
      expect(await currentRoles(crm, riverside.schoolId, people.otherUser!)).toEqual([]);
    });

    it("refuses any role but admin for another person", async () => {
      const response = await makeAdminCall("admin", people.second!, riverside.schoolId, USER);
      expect(response.status).toBe(403);
    });

    it("needs the path's id to be the body's person, and a whole number", async () => {
      const mismatch = await jsonCall(browsers.admin!.agent, "post", `/account/affiliation/${people.third}/`, browsers.admin!.token, {
        AffiliationType: { Id: ADMIN }, GroupConstituent: { Id: riverside.schoolId }, IndividualConstituent: { Id: people.second },
      });
      expect(mismatch.status).toBe(400);
      const notAnId = await jsonCall(browsers.admin!.agent, "post", "/account/affiliation/abc/", browsers.admin!.token, {});
      expect(notAnId.status).toBe(404);
    });

    it("lets an admin make a current user an admin, taking an admin seat", async () => {
      const response = await makeAdminCall("admin", people.second!);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ success: true, Id: expect.any(Number) });
      expect(await currentRoles(crm, riverside.schoolId, people.second!)).toEqual([USER, ADMIN].sort());
      const granted = (await crm.affiliations({ groupConstituentId: riverside.schoolId, individualConstituentId: people.second, currentAt: new Date() })).find(
        (affiliation) => affiliation.AffiliationType.Id === ADMIN,
      );
      expect(granted).toMatchObject({ Id: response.body.Id, Salary: expect.any(Number) });
    });

    it("confirms one's own affiliation only when it is recorded with its seat", async () => {
      const own = await crm.affiliation(affiliations.teacher!);
      const confirm = (salary: number | null) =>
        jsonCall(browsers.teacher!.agent, "post", `/account/affiliation/${people.teacher}/`, browsers.teacher!.token, {
          AffiliationType: { Id: USER }, GroupConstituent: { Id: riverside.schoolId }, IndividualConstituent: { Id: people.teacher }, Salary: salary,
        });
      const confirmed = await confirm(own!.Salary);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ success: true, Id: affiliations.teacher });
      expect((await confirm(null)).status).toBe(403);
      const selfAdmin = await jsonCall(browsers.teacher!.agent, "post", `/account/affiliation/${people.teacher}/`, browsers.teacher!.token, {
        AffiliationType: { Id: ADMIN }, GroupConstituent: { Id: riverside.schoolId }, IndividualConstituent: { Id: people.teacher }, Salary: own!.Salary,
      });
      expect(selfAdmin.status).toBe(403);
      expect(await currentRoles(crm, riverside.schoolId, people.teacher!)).toEqual([USER]);
    });
  });

  describe("DELETE /account/affiliation/{affiliationId}/delete", () => {
    it("refuses an admin of another school, changing nothing (the seat stays used)", async () => {
      const before = await userSeatsRemaining(crm, riverside.membershipId);
      const response = await deleteCall("otherAdmin", affiliations.third!);
      // Answered as a missing affiliation, so affiliation ids cannot be probed.
      expect(response.status).toBe(404);
      expect(await currentRoles(crm, riverside.schoolId, people.third!)).toEqual([USER]);
      expect(await userSeatsRemaining(crm, riverside.membershipId)).toBe(before);
      expect(refusals(t, "admin-of-school").some((line) => line.userId === people.otherAdmin && line.affiliationId === affiliations.third)).toBe(true);
    });

    it("refuses a user who is not an admin", async () => {
      expect((await deleteCall("teacher", affiliations.third!)).status).toBe(404);
      expect(await currentRoles(crm, riverside.schoolId, people.third!)).toEqual([USER]);
    });

    it("answers 404 for an unknown or malformed id", async () => {
      expect((await deleteCall("admin", 999_999)).status).toBe(404);
      expect((await browsers.admin!.agent.delete("/account/affiliation/0/delete").set("X-CSRFToken", browsers.admin!.token).set("Accept", "application/json")).status).toBe(404);
    });

    it("lets an admin remove a user, freeing the seat", async () => {
      const before = await userSeatsRemaining(crm, riverside.membershipId);
      const response = await deleteCall("admin", affiliations.third!);
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
      expect(await currentRoles(crm, riverside.schoolId, people.third!)).toEqual([]);
      expect(await userSeatsRemaining(crm, riverside.membershipId)).toBe(before + 1);
    });

    it("refuses the last admin removing their own admin role", async () => {
      const response = await deleteCall("otherAdmin", affiliations.otherAdmin!);
      expect(response.status).toBe(409);
      expect(response.body.errors.__all__[0]).toMatch(/^A school needs at least one admin/);
      expect(await currentRoles(crm, other.schoolId, people.otherAdmin!)).toEqual([ADMIN]);
    });
  });
});
