import type { CrmPort } from "../../../server/crm/crm-port";
import { addPerson } from "../accounts/support";
import { formPost, myAccountPath, signedInBrowser, type Agent } from "../my-account/support";
import { databaseEngines } from "../support/databases";
import { csrfTokenOf } from "../support/pages";
import { createTestApp, type TestApp } from "../support/test-app";
import { addSchool, crmOf, currentRoles, ids, join } from "./support";

describe.each(databaseEngines)("the School tab on %s", (engine) => {
  let t: TestApp;
  let crm: CrmPort;
  let school: { schoolId: number; membershipId: number };
  const people: Record<string, number> = {};
  let admin: { agent: Agent; token: string };
  let user: { agent: Agent; token: string };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    crm = crmOf(t);
    school = await addSchool(t.database.db, crm, { name: "Riverside Academy", seats: 3 });
    for (const [key, firstName] of [["head", "Ada"], ["teacher", "Tom"], ["leaver", "Lee"], ["loner", "Noor"]]) {
      people[key!] = await addPerson(t.database.db, { email: `${key}@example.org`, firstName });
    }
    await join(crm, school.schoolId, people.head!, "user");
    await join(crm, school.schoolId, people.head!, "admin");
    await join(crm, school.schoolId, people.teacher!, "user");
    await join(crm, school.schoolId, people.leaver!, "user");
    admin = await signedInBrowser(t.app, "head@example.org");
    user = await signedInBrowser(t.app, "teacher@example.org");
  });
  afterAll(() => t.close());

  const page = async (agent: Agent, path = myAccountPath) => (await agent.get(path).set("Accept", "text/html")).text;
  const schoolPanel = (html: string) => html.slice(html.indexOf('id="school"'), html.indexOf("</section>", html.indexOf('id="school"')));

  it("shows an admin the school's users with role and seat, the seat usage, and the invite form in an Edit users dialog", async () => {
    const panel = schoolPanel(await page(admin.agent));
    expect(panel).toContain("<dd>Riverside Academy</dd>");
    expect(panel).toContain("<dt>Your role</dt><dd>Admin</dd>");
    expect(panel).toContain("<dt>User seats</dt><dd>3 / 3</dd>");
    expect(panel).toContain("<dt>Admin seats</dt><dd>Unlimited</dd>");
    expect(panel).toMatch(/<th scope="row">Tom Baptiste<\/th>\s*<td>User<\/td>\s*<td>User seat<\/td>/);
    expect(panel).toMatch(/<th scope="row">Ada Baptiste \(you\)<\/th>\s*<td>Admin<\/td>\s*<td>User seat, Admin seat<\/td>|<td>Admin seat, User seat<\/td>/);
    expect(panel).toContain(`href="/account/school/${school.schoolId}/make-admin/${people.teacher}/">Make admin`);
    expect(panel).toMatch(/href="\/account\/school\/remove\/\d+\/">Remove<span class="visually-hidden"> Tom Baptiste/);
    expect(panel).not.toMatch(/Remove<span class="visually-hidden"> Ada Baptiste/);
    expect(panel).toContain('data-widget="edit-users-dialog"');
    expect(panel).toContain('action="/account/invite-user/"');
    expect(panel).toContain(`name="membershipId" value="${school.membershipId}"`);
  });

  it("shows a user who is not an admin their school and role only", async () => {
    const panel = schoolPanel(await page(user.agent));
    expect(panel).toContain("<dd>Riverside Academy</dd>");
    expect(panel).toContain("<dt>Your role</dt><dd>User</dd>");
    expect(panel).not.toContain("Ada Baptiste");
    expect(panel).not.toContain("Make admin");
    expect(panel).not.toContain("/account/invite-user/");
    expect(panel).not.toContain("seats</dt>");
  });

  it("offers a person with no school the link to one", async () => {
    const { agent } = await signedInBrowser(t.app, "loner@example.org");
    expect(schoolPanel(await page(agent))).toContain("Link your account to a school");
  });

  it("shows the school and its membership on the dashboard", async () => {
    const html = await page(user.agent, "/account/dashboard/");
    expect(html).toContain("<dd>Riverside Academy</dd>");
    expect(html).toMatch(/<dt>School membership<\/dt><dd>Valid until \d{1,2} \w+ \d{4}<\/dd>/);
  });

  it("refuses the confirmation pages to someone who is not an admin", async () => {
    const [leaving] = await crm.affiliations({ groupConstituentId: school.schoolId, individualConstituentId: people.leaver, currentAt: new Date() });
    expect((await user.agent.get(`/account/school/remove/${leaving!.Id}/`).set("Accept", "text/html")).status).toBe(404);
    expect((await user.agent.get(`/account/school/${school.schoolId}/make-admin/${people.leaver}/`).set("Accept", "text/html")).status).toBe(403);
  });

  it("makes an admin without JavaScript: a confirmation page, a form post, and a one-time notice", async () => {
    const path = `/account/school/${school.schoolId}/make-admin/${people.teacher}/`;
    const confirmation = await page(admin.agent, path);
    expect(confirmation).toContain("Make Tom Baptiste an admin?");
    expect(confirmation).toContain(`<form class="auth-form" method="post" action="${path}">`);
    expect(confirmation).toContain('name="_csrf"');
    const posted = await formPost(admin.agent, path, csrfTokenOf(confirmation), {});
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe("/account/my-account/#school");
    expect(await currentRoles(crm, school.schoolId, people.teacher!)).toEqual([ids.affiliationTypes.user, ids.affiliationTypes.admin].sort());
    expect(await page(admin.agent)).toContain("Tom Baptiste is now an admin.");
    expect(await page(admin.agent)).not.toContain("Tom Baptiste is now an admin.");
  });

  it("removes a user without JavaScript, freeing their seat", async () => {
    const [leaving] = await crm.affiliations({ groupConstituentId: school.schoolId, individualConstituentId: people.leaver, currentAt: new Date() });
    const path = `/account/school/remove/${leaving!.Id}/`;
    const confirmation = await page(admin.agent, path);
    expect(confirmation).toContain("Remove Lee Baptiste from this school?");
    const posted = await formPost(admin.agent, path, csrfTokenOf(confirmation), {});
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe("/account/my-account/#school");
    expect(await currentRoles(crm, school.schoolId, people.leaver!)).toEqual([]);
    const html = await page(admin.agent);
    expect(html).toContain("Lee Baptiste has been removed from this school.");
    expect(schoolPanel(html)).not.toContain('<th scope="row">Lee Baptiste');
  });
});

describe.each(databaseEngines)("making an admin when no admin seat is free, on %s", (engine) => {
  let t: TestApp;
  let crm: CrmPort;
  let schoolId: number;
  let teacherId: number;
  let admin: { agent: Agent; token: string };
  const noSeatMessage = "Riverside Academy's membership has no admin seat free. Remove an admin first, or contact us to add one.";

  beforeAll(async () => {
    t = await createTestApp({ engine });
    crm = crmOf(t);
    // As the demo's Riverside Academy: one admin seat, held by its admin.
    ({ schoolId } = await addSchool(t.database.db, crm, { name: "Riverside Academy" }));
    const now = new Date();
    await crm.createMembership({
      constituentId: schoolId,
      levelId: 96,
      initiation: new Date(now.getTime() - 86_400_000),
      expiration: new Date(now.getTime() + 365 * 86_400_000),
      seats: [
        { benefitId: ids.seatBenefits.userSeat, available: 5 },
        { benefitId: ids.seatBenefits.adminSeat, available: 1 },
      ],
    });
    const headId = await addPerson(t.database.db, { email: "head@example.org", firstName: "Ada" });
    teacherId = await addPerson(t.database.db, { email: "teacher@example.org", firstName: "Tom" });
    await join(crm, schoolId, headId, "admin");
    await join(crm, schoolId, teacherId, "user");
    admin = await signedInBrowser(t.app, "head@example.org");
  });
  afterAll(() => t.close());

  const schoolPanel = (html: string) => html.slice(html.indexOf('id="school"'), html.indexOf("</section>", html.indexOf('id="school"')));
  const makeAdminPath = () => `/account/school/${schoolId}/make-admin/${teacherId}/`;

  it("does not offer Make admin on the School tab, and says why and what to do", async () => {
    const panel = schoolPanel((await admin.agent.get(myAccountPath).set("Accept", "text/html")).text);
    expect(panel).toContain('<th scope="row">Tom Baptiste</th>');
    expect(panel).not.toContain("Make admin");
    expect(panel).not.toContain("/make-admin/");
    expect(panel).toContain(`id="make-admin-unavailable">${noSeatMessage.replace("'", "&#39;")}</p>`);
  });

  it("answers the confirmation page, if reached anyway, with 409, the reason and no button to confirm", async () => {
    const confirmation = await admin.agent.get(makeAdminPath()).set("Accept", "text/html");
    expect(confirmation.status).toBe(409);
    expect(confirmation.text).toContain(`role="alert">${noSeatMessage.replace("'", "&#39;")}</p>`);
    expect(confirmation.text).not.toContain(`method="post" action="${makeAdminPath()}"`);
    expect(confirmation.text).toContain('href="/account/my-account/#school"');
  });

  it("re-renders a proper page, not the error page, with 409 and the reason when the form is posted anyway", async () => {
    const token = csrfTokenOf((await admin.agent.get(myAccountPath).set("Accept", "text/html")).text);
    const posted = await formPost(admin.agent, makeAdminPath(), token, {});
    expect(posted.status).toBe(409);
    expect(posted.text).toContain(noSeatMessage.replace("'", "&#39;"));
    expect(posted.text).not.toContain("We couldn&#39;t read that request");
    expect(posted.text).not.toContain("error-page");
    expect(posted.text).toContain('href="/account/my-account/#school"');
    expect(await currentRoles(crm, schoolId, teacherId)).toEqual([ids.affiliationTypes.user]);
  });

  it("answers a JSON call with 409 and the same reason", async () => {
    const token = csrfTokenOf((await admin.agent.get(myAccountPath).set("Accept", "text/html")).text);
    const answer = await admin.agent
      .post(makeAdminPath())
      .set("Accept", "application/json")
      .set("X-Requested-With", "XMLHttpRequest")
      .set("X-CSRFToken", token)
      .send({});
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ success: false, errors: { __all__: [noSeatMessage] } });
  });
});
