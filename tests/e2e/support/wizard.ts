import { expect, type Page } from "@playwright/test";
import { widgetMounted } from "./accounts";
import { expectNoAxeViolations } from "./axe";

/** The password the wizard journeys give the teachers they sign up. */
export const wizardPassword = "Chalk-board-77!";

/** A new account, signed in, through the wizard's first two screens; the wizard then asks for the school. */
export async function signUpThroughWizard(page: Page, email: string): Promise<void> {
  await page.goto("/account/register/");
  await widgetMounted(page, "register-wizard");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeFocused();
  await page.getByLabel("First name").fill("Nia");
  await page.getByLabel("Last name").fill("Okafor");
  await page.getByLabel(/^Password/).fill(wizardPassword);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Link your school" })).toBeFocused();
}

/** Picks the school type, then the school from search by what is typed, and continues. */
export async function chooseSchool(page: Page, pathwayLabel: string, query: string, schoolName: string): Promise<void> {
  await page.getByLabel("School type").selectOption({ label: pathwayLabel });
  await page.getByRole("combobox", { name: /School name, postcode or URN/ }).fill(query);
  const option = page.getByRole("option", { name: new RegExp(schoolName) });
  await expect(option).toBeVisible();
  await expectNoAxeViolations(page);
  await option.click();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** Types an address by hand (the homeschool pathway asks for one) and continues. */
export async function enterAddress(page: Page, pathwayLabel: string): Promise<void> {
  await page.getByLabel("School type").selectOption({ label: pathwayLabel });
  // Homeschool asks for a home address straight away; the others search first.
  if (pathwayLabel !== "Homeschool") await page.getByRole("button", { name: /enter its address/ }).click();
  await page.getByLabel("Address line 1").fill("4 Quince Row");
  await page.getByLabel("Town or city").fill("York");
  await page.getByLabel("Postcode").fill("YO1 7HH");
  await page.getByRole("button", { name: "Continue" }).click();
}

/** Follows the newest link to `pathPart` in the newest message to `email` matching `subject`, from the dev mailbox. */
export async function followMailedLink(page: Page, email: string, subject: RegExp, pathPart: string): Promise<void> {
  await page.goto("/dev/mailbox/");
  const row = page.getByRole("row").filter({ hasText: email }).filter({ hasText: subject }).first();
  await row.getByRole("link").first().click();
  await page.locator("[data-mail-text]").getByRole("link", { name: new RegExp(pathPart) }).first().click();
}

/** On the sandbox's hosted page: pays with `card`, or cancels when none is given. */
export async function checkOutInSandbox(page: Page, card?: string): Promise<void> {
  await expect(page).toHaveURL(/\/payments\/sandbox\/checkout\//);
  await expect(page.getByText("Sandbox payments")).toBeVisible();
  await expectNoAxeViolations(page);
  if (card === undefined) {
    await page.getByRole("link", { name: "Cancel" }).click();
  } else {
    await page.getByLabel("Card number").fill(card);
    await page.getByRole("button", { name: /^Pay £/ }).click();
  }
  await expect(page).toHaveURL(/\/account\/register\/\?paymentStatus=/);
  await widgetMounted(page, "register-wizard");
}
