import { expect, test, type Page } from "@playwright/test";
import { atPath, widgetMounted } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { openMyAccount, signInElsewhere, signUpAndStaySignedIn } from "./support/my-account";

/** For each block after the first: whether at least 8 px of space separates it from the one above. */
async function gapsBetweenBlocks(page: Page, selector: string): Promise<boolean[]> {
  const boxes = await page.locator(selector).evaluateAll((blocks) => blocks.map((block) => block.getBoundingClientRect()).map(({ top, bottom }) => ({ top, bottom })));
  return boxes.slice(1).map((box, index) => box.top - boxes[index]!.bottom >= 8);
}

// The journey on a phone: the delete page must work, and read well, at 375 px.
test.use({ viewport: { width: 375, height: 800 } });

test("a member deletes their account: every browser is signed out, and the old password no longer signs in", async ({ page, browser }) => {
  // Two browsers, four axe runs and three hashed passwords: a long journey.
  test.slow();
  const person = await signUpAndStaySignedIn(page, "deleting");
  const elsewhere = await signInElsewhere(browser, person);
  await elsewhere.goto("/account/my-account/");
  await expect(elsewhere).toHaveURL(atPath("/account/my-account/"));

  await openMyAccount(page, "#your-data");
  const panel = page.getByRole("tabpanel", { name: "Your data" });
  await expect(panel.getByRole("link", { name: "Download my data" })).toBeVisible();
  await expectNoAxeViolations(page);
  await panel.getByRole("link", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(atPath("/account/delete-account/"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Delete your account");
  expect(await gapsBetweenBlocks(page, ".auth-page__card > .stack > *")).toEqual([true, true, true]);
  await expectNoAxeViolations(page);

  // A wrong password changes nothing and says what to do.
  await page.getByLabel("Current password").fill("Not-my-password-1!");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.locator(".error-summary")).toContainText("The password you entered is incorrect. Enter your current password.");
  await expect(page.getByLabel("Current password")).toHaveValue("");
  await expectNoAxeViolations(page);

  await page.getByLabel("Current password").fill(person.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(atPath("/account/account-deleted/"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account has been deleted");
  await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
  // The notice, the paragraphs and the button are spaced apart, as on the other account pages, not touching.
  expect(await gapsBetweenBlocks(page, ".auth-page__card > .stack > *")).toEqual([true, true, true]);
  await expectNoAxeViolations(page);

  // The other browser that was signed in is signed out on its next request.
  await elsewhere.goto("/account/my-account/");
  await expect(elsewhere).toHaveURL(/\/account\/login\/\?next=/);

  // The old credentials no longer sign in.
  await page.goto("/account/login/");
  await widgetMounted(page, "login-form");
  await page.getByLabel("Email address").fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Login failed. Please check your credentials and try again.")).toBeVisible();

  // Only essential cookies were ever set in either browser (docs/my-account.md, "Cookies").
  for (const context of [page.context(), elsewhere.context()]) {
    for (const cookie of await context.cookies()) expect(["sid", "reset_token", "verify_email_token"]).toContain(cookie.name);
  }
  await elsewhere.context().close();
});
