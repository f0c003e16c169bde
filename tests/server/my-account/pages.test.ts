import { PASSWORD_HINT, PASSWORD_MINIMUM_LENGTH } from "../../../contracts/rules/password-policy";
import request from "supertest";
import { addPerson, inAYear, lastMonth } from "../accounts/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { myAccountPath, signedInBrowser } from "./support";

describe.each(databaseEngines)("My account and dashboard pages on %s", (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    await addPerson(t.database.db, { email: "member@example.org", firstName: "Priya", membershipExpiresAt: inAYear() });
    await addPerson(t.database.db, { email: "lapsed@example.org", firstName: "Sam", membershipExpiresAt: lastMonth() });
    await addPerson(t.database.db, { email: "none@example.org", firstName: "Noor" });
  });
  afterAll(() => t.close());

  it.each([myAccountPath, "/account/dashboard/"])("sends a signed-out visitor from %s to sign in and back", async (path) => {
    const response = await request(t.app).get(`${path}?from=email`).set("Accept", "text/html");
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(`/account/login/?next=${encodeURIComponent(`${path}?from=email`)}`);
  });

  it.each(["/account/my-account", "/account/dashboard"])("sends %s to the address with a slash", async (path) => {
    const response = await request(t.app).get(`${path}?a=1`);
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(`${path}/?a=1`);
  });

  describe("My account", () => {
    let html: string;
    beforeAll(async () => {
      const { agent } = await signedInBrowser(t.app, "member@example.org");
      const response = await agent.get(myAccountPath).set("Accept", "text/html");
      expect(response.status).toBe(200);
      html = response.text;
    });

    it("gives the new-password field the one rule's minimum length and hint", () => {
      expect(html).toContain(`minlength="${PASSWORD_MINIMUM_LENGTH}"`);
      expect(html).toContain(PASSWORD_HINT);
    });

    it("has the four sections as a tabs widget, each a heading with an anchor", () => {
      expect(html).toContain('data-widget="account-tabs"');
      expect(html).not.toContain("data-initial-tab");
      for (const [id, label] of [
        ["profile", "Profile"],
        ["contact", "Contact us"],
        ["saved-resources", "Saved resources"],
        ["school", "School"],
      ]) {
        expect(html).toContain(`<a class="account-tabs__contents-link" href="#${id}">${label}</a>`);
        expect(html).toContain(`<section class="account-tabs__panel" id="${id}" aria-labelledby="${id}-heading">`);
        expect(html).toContain(`<h2 class="account-tabs__heading" id="${id}-heading">${label}</h2>`);
      }
      // In order: Profile first (the default tab).
      expect(html.indexOf('id="profile"')).toBeLessThan(html.indexOf('id="contact"'));
    });

    it("fills the profile, email and password forms, each a CSRF-protected POST with its widget", () => {
      expect(html).toContain('value="Priya"');
      expect(html).toContain('<option value="-1" selected>None</option>');
      expect(html).toContain('data-account-detail="Email">member@example.org</strong>');
      expect(html).toContain('data-widget="change-email-dialog"');
      for (const action of ["/account/update-profile/", "/account/update-password/", "/account/contact-us-form/", "/account/membership-reminders/"]) {
        expect(html).toContain(`method="post" action="${action}"`);
      }
      expect(html.match(/data-widget="account-form"/g)).toHaveLength(4);
      // The four widget forms, the membership reminders' plain form, and the header's Sign out form.
      expect(html.match(/<input type="hidden" name="_csrf" value="[^"]+">/g)).toHaveLength(6);
      expect(html).toContain('<form class="site-header__logout" method="post" action="/account/logout/">');
      expect(html).toContain('href="/account/my-account/" aria-current="page">My account</a>');
      expect(html).toContain('data-must-match="NewPassword" data-match-message="Passwords do not match"');
    });

    it("prefills the contact form with the person's name and email", () => {
      expect(html).toMatch(/id="contact-form-name" name="name" type="text" value="Priya Baptiste"/);
      expect(html).toMatch(/id="contact-form-email" name="email" type="email" value="member@example.org"/);
    });

    it("says when no resources are saved and no school is linked", () => {
      expect(html).toContain("You haven't saved any resources yet.");
      expect(html).toContain('href="/resources/"');
      expect(html).toContain("Your account is not linked to a school.");
    });
  });

  describe("dashboard", () => {
    const dashboardOf = async (email: string) => {
      const { agent } = await signedInBrowser(t.app, email);
      const response = await agent.get("/account/dashboard/").set("Accept", "text/html");
      expect(response.status).toBe(200);
      return response.text;
    };
    const londonDate = (date: Date) =>
      new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" }).format(date);

    it("shows a valid membership with its end date", async () => {
      const html = await dashboardOf("member@example.org");
      expect(html).toContain("Welcome back, Priya");
      expect(html).toContain(`Your membership is valid until <strong>${londonDate(inAYear())}</strong>.`);
    });

    it("shows an expired membership with the day it ended, and how to renew", async () => {
      const html = await dashboardOf("lapsed@example.org");
      expect(html).toContain(`Your membership expired on <strong>${londonDate(lastMonth())}</strong>.`);
      expect(html).toContain("Renew your membership");
    });

    it("answers the same facts as JSON for the wizard's last screen, never cached, and only to the signed-in", async () => {
      const { agent } = await signedInBrowser(t.app, "member@example.org");
      const response = await agent.get("/account/standing/").set("Accept", "application/json");
      expect(response.status).toBe(200);
      expect(response.headers["cache-control"]).toContain("no-store");
      expect(response.body).toEqual({ success: true, membership: { state: "valid", date: londonDate(inAYear()) }, school: null });
      const lapsed = await (await signedInBrowser(t.app, "lapsed@example.org")).agent.get("/account/standing/").set("Accept", "application/json");
      expect(lapsed.body.membership).toEqual({ state: "expired", date: londonDate(lastMonth()) });
      const signedOut = await request(t.app).get("/account/standing/").set("Accept", "application/json");
      expect(signedOut.status).toBe(401);
    });

    it("says when there is no membership, with links onward", async () => {
      const html = await dashboardOf("none@example.org");
      expect(html).toContain("You don't have a membership yet.");
      expect(html).toContain('href="/account/my-account/#contact"');
      expect(html).toContain("Your account is not linked to a school.");
    });
  });
});
