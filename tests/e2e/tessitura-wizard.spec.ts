import { expect, test } from "@playwright/test";
import { standInControlURL, tessituraBaseURL } from "../../playwright.config";
import { uniqueEmail } from "./support/accounts";
import { chooseSchool, confirmWithVerifiedEmail, signUpThroughWizard } from "./support/wizard";

/*
 * The registration wizard end to end on a site whose CRM is Tessitura
 * (issue 30): its own server, started with CRM_PROVIDER=tessitura against the
 * stand-in TessituraService in a process of its own (playwright.config.ts),
 * which checks every exchange against Tessitura's Swagger description. The
 * demo schools are in that Tessitura (the seed writes the demo register and
 * the schools' email domains there, docs/content.md); the teacher, the
 * school's free membership and the teacher's seat are made by the journey.
 */

test.use({ baseURL: tessituraBaseURL });

test("on Tessitura: a new teacher signs up, links Hillcrest High from the register, gets its free membership and sees it on My account", async ({ page, request }) => {
  // A sign-up (full-cost password hashing), the mailbox, and every wizard screen, each step through the stand-in.
  test.slow();
  const email = uniqueEmail("tessitura").replace("@example.org", "@hillcrest.sch.uk");
  await signUpThroughWizard(page, email);
  await chooseSchool(page, "UK State School (FREE)", "Hillcrest", "Hillcrest High School");
  await confirmWithVerifiedEmail(page, email);
  await expect(page.getByRole("heading", { name: "Become your school's admin?" })).toBeFocused();
  await page.getByRole("button", { name: "No thanks" }).click();
  await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();

  await page.getByRole("link", { name: "See your membership" }).click();
  await expect(page).toHaveURL(/\/account\/dashboard\/$/);
  const school = page.locator(".dashboard__card", { has: page.getByRole("heading", { name: "School" }) });
  await expect(school).toContainText("Hillcrest High School");
  await expect(school).toContainText(/Valid until \d{1,2} [A-Z][a-z]+ \d{4}/);
  await page.goto("/account/my-account/");
  await expect(page.locator(".account-page__standing")).toContainText(/at Hillcrest High School: its membership is valid until \d{1,2} [A-Z][a-z]+ \d{4}/);

  // Every request the site made, and every answer, matched Tessitura's Swagger description.
  const recorded = (await (await request.get(`${standInControlURL}/violations`)).json()) as { violations: string[]; requests: number };
  expect(recorded.violations).toEqual([]);
  expect(recorded.requests).toBeGreaterThan(0);
});
