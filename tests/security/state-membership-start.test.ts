import { refusals as seatRefusals } from "../../server/schools/seats/seat-grants-refusals";
import { addSchool, refusals, seatRecords } from "../server/memberships/support";
import { signedInPayer } from "../server/payments/support";
import { databaseEngines } from "../server/support/databases";
import { appPerSuite } from "./support";

/*
 * Issue 22, item 7: any signed-in person could start a state school's free
 * membership (POST /account/membership-create/{id}/), starting its one-year
 * clock. Now only someone who could join the school may: a verified address
 * at one of its email domains (ASVS 5.0 V8.2.1, function-level access).
 */
describe.each(databaseEngines)("starting a state school's free membership on %s", (engine) => {
  const suite = appPerSuite({ engine });

  const start = (person: Awaited<ReturnType<typeof signedInPayer>>, schoolId: number) =>
    person.agent.post(`/account/membership-create/${schoolId}/`).set("X-CSRFToken", person.token).send({ type: "state-school" });

  it("V8.2.1 refuses the probe: a signed-in stranger (403), and an unverified address at the school's domain (403); nothing starts", async () => {
    const { schoolId } = await addSchool(suite.t.database.db, suite.crm, { name: "Hillcrest High School", kind: "state", domains: ["hillcrest.sch.uk"] });
    const before = await seatRecords(suite.t.database.db);
    const stranger = await signedInPayer(suite.t, "individual@example.com", { verified: true });
    const refused = await start(stranger, schoolId);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, errors: { __all__: [seatRefusals.domain.message] } });
    const unverified = await signedInPayer(suite.t, "new-teacher@hillcrest.sch.uk");
    const notYet = await start(unverified, schoolId);
    expect(notYet.status).toBe(403);
    expect(notYet.body).toEqual({ success: false, errors: { __all__: [seatRefusals.unverified.message] } });
    expect(await seatRecords(suite.t.database.db)).toEqual(before);
    expect(await suite.crm.memberships(schoolId)).toEqual([]);
    expect(refusals(suite.t, "email-domain")).toContainEqual(expect.objectContaining({ userId: stranger.id, schoolId }));
  });

  it("V8.2.1 a verified teacher of the school starts it (201)", async () => {
    const { schoolId } = await addSchool(suite.t.database.db, suite.crm, { name: "Oakfield Primary School", kind: "state", domains: ["oakfield.sch.uk"] });
    const teacher = await signedInPayer(suite.t, "teacher@oakfield.sch.uk", { verified: true });
    const created = await start(teacher, schoolId);
    expect(created.status).toBe(201);
    expect(await suite.crm.memberships(schoolId)).toHaveLength(1);
  });
});
