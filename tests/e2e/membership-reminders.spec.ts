import { expect, test, type Page } from "@playwright/test";
import { atPath } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { openMyAccount, signUpAndStaySignedIn } from "./support/my-account";

/** The Profile tab's reminders checkbox and its button. */
function remindersControls(page: Page) {
  const group = page.locator("#membership-reminders");
  return { box: group.getByRole("checkbox", { name: "Email me before my membership ends" }), save: group.getByRole("button", { name: "Save reminder choice" }), group };
}

test.describe("membership reminders setting, JavaScript on", () => {
  test("a member unticks reminders, saves, and the box stays unticked after a reload; ticking it again turns them back on", async ({ page }) => {
    await signUpAndStaySignedIn(page, "reminders");
    await openMyAccount(page, "#profile");
    const { box, save, group } = remindersControls(page);
    await expect(box).toBeChecked();
    await expectNoAxeViolations(page);

    await box.uncheck();
    await save.click();
    await expect(page).toHaveURL(atPath("/account/my-account/#profile"));
    await expect(group.getByRole("status")).toHaveText("Saved: we won't email you before your membership ends. Receipts still come.");
    await expect(box).not.toBeChecked();
    await page.reload();
    await expect(remindersControls(page).box).not.toBeChecked();

    await remindersControls(page).box.check();
    await remindersControls(page).save.click();
    await expect(remindersControls(page).group.getByRole("status")).toHaveText("Saved: we'll email you before your membership ends.");
    await expect(remindersControls(page).box).toBeChecked();

    // Every reminder's "how to stop them" link opens the Profile tab at the box.
    await page.goto("/account/my-account/#membership-reminders");
    await expect(page.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
    await expect(remindersControls(page).box).toBeVisible();
  });
});

test.describe("membership reminders setting, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain form saves the choice, and the box stays unticked", async ({ page }) => {
    await signUpAndStaySignedIn(page, "reminders-nojs");
    await page.goto("/account/my-account/#profile");
    await remindersControls(page).box.uncheck();
    await remindersControls(page).save.click();
    await expect(page).toHaveURL(atPath("/account/my-account/#profile"));
    await expect(remindersControls(page).box).not.toBeChecked();
    await page.goto("/account/my-account/");
    await expect(remindersControls(page).box).not.toBeChecked();
  });
});
