import { expect, test, type Page } from "@playwright/test";
import { atPath, registerThroughApi, uniqueEmail } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { openMailboxFor } from "./support/mailbox";

const oldPassword = "Backstage-pass-9!";
const newPassword = "Opening-night-27?";

/** Opens the newest reset email to `email` in the dev mailbox and follows its link. */
async function followResetLink(page: Page, email: string): Promise<void> {
  await openMailboxFor(page, email, 1);
  await page.getByRole("row", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) }).first().getByRole("link").click();
  await page.locator("[data-mail-text]").getByRole("link", { name: /\/account\/reset-password\// }).click();
  await expect(page).toHaveURL(atPath("/account/reset-password/"));
}

async function signInWith(page: Page, email: string, password: string): Promise<number> {
  await page.goto("/account/login/");
  const token = await page.locator('meta[name="csrf-token"]').getAttribute("content");
  const response = await page.request.post("/account/login/", {
    headers: { "X-CSRFToken": token ?? "", "X-Requested-With": "XMLHttpRequest" },
    data: { email, password, next: "/" },
  });
  return response.status();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`forgot password, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("from the login page, through the mailbox, to a new password", async ({ page }) => {
      // Four password hashes at full scrypt cost (sign-up, reset, two sign-ins): slow on purpose.
      test.slow();
      const email = uniqueEmail(`reset-${javaScriptEnabled ? "js" : "nojs"}`);
      await registerThroughApi(page, email, oldPassword);

      await page.goto("/account/login/");
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await expect(page).toHaveURL(atPath("/account/forgot-password/"));
      await page.getByLabel("Email address").fill(email);
      await page.getByRole("button", { name: "Send me a link" }).click();
      await expect(page.getByRole("main").getByRole("status")).toContainText("If there is an account for that email address");

      await followResetLink(page, email);
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("Confirm new password").fill("Something-else-1!");
      await page.getByRole("button", { name: "Save password" }).click();
      await expect(page.getByRole("alert")).toContainText("Passwords do not match");

      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("Confirm new password").fill(newPassword);
      await page.getByRole("button", { name: "Save password" }).click();
      await expect(page).toHaveURL(atPath("/account/reset-password/done/"));
      await expect(page.getByRole("main").getByRole("status")).toHaveText("Your password has been changed, and you are now signed in.");

      // The link works once.
      await followResetLink(page, email);
      await expect(page.getByRole("alert")).toContainText("This link has expired or has already been used.");

      await page.context().clearCookies();
      expect(await signInWith(page, email, oldPassword)).toBe(401);
      expect(await signInWith(page, email, newPassword)).toBe(200);
    });
  });
}

test("an unknown email gets the same answer, and every reset page passes axe", async ({ page }) => {
  test.slow();
  const email = uniqueEmail("reset-axe");
  await registerThroughApi(page, email, oldPassword);
  await page.goto("/account/forgot-password/");
  await expectNoAxeViolations(page);
  await page.getByLabel("Email address").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Send me a link" }).click();
  const unknownAnswer = await page.getByRole("main").getByRole("status").textContent();

  await page.goto("/account/forgot-password/");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  expect(await page.getByRole("main").getByRole("status").textContent()).toBe(unknownAnswer);
  await expectNoAxeViolations(page);

  await followResetLink(page, email);
  await expectNoAxeViolations(page);
  await page.getByLabel("New password", { exact: true }).fill("weak");
  await page.getByLabel("Confirm new password").fill("weak");
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page.getByRole("alert")).toContainText("Password must be at least 8 characters long");
  await expectNoAxeViolations(page);
});
