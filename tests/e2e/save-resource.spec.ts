import { expect, test, type Locator, type Page } from "@playwright/test";
import { atPath } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { openMyAccount, signUpAndStaySignedIn } from "./support/my-account";
import { showNoJavaScriptRendering } from "./support/no-javascript";

const signedOutMessage = "You must be logged in to save resources.";

/** The first resource card on the listing: its title and its Save control. */
async function firstCard(page: Page): Promise<{ title: string; control: Locator; button: Locator }> {
  const card = page.locator(".card--resource").first();
  const title = (await card.locator(".card__title").innerText()).trim();
  const control = card.locator('[data-widget="save-resource"]');
  return { title, control, button: control.getByRole("button") };
}

/** Every save call the page makes, counted as it goes. */
function countSaveCalls(page: Page): { count: number } {
  const calls = { count: 0 };
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/account/save-resource/") calls.count += 1;
  });
  return calls;
}

async function waitForSaveWidgets(page: Page): Promise<void> {
  await expect(page.locator('[data-widget="save-resource"]').first()).toHaveAttribute("data-widget-state", "mounted");
}

test.describe("Save a resource, JavaScript on", () => {
  test("signed out: a click shows the alert and sends no request", async ({ page }) => {
    const calls = countSaveCalls(page);
    await page.goto("/resources/");
    await waitForSaveWidgets(page);
    const { title, control, button } = await firstCard(page);
    await expect(button).toHaveAccessibleName(`Save “${title}”`);
    await button.click();
    const alert = control.getByRole("alert");
    await expect(alert).toContainText(signedOutMessage);
    await expect(alert.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/account/login/?next=%2Fresources%2F");
    await expect(button).toHaveText(/^Save\b/);
    expect(calls.count).toBe(0);
    await expect(page).toHaveURL(atPath("/resources/"));
    await expectNoAxeViolations(page);
  });

  test("signed in: save, still saved after a reload, listed in My account, unsaved there", async ({ page }) => {
    test.slow();
    await signUpAndStaySignedIn(page, "save-js");
    await page.goto("/resources/");
    await waitForSaveWidgets(page);
    const { title, control, button } = await firstCard(page);
    await expect(button).toHaveAttribute("aria-pressed", "false");

    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/account/save-resource/");
    await button.click();
    expect((await answer).status()).toBe(200);
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await expect(button).toHaveAccessibleName(`Saved “${title}”`);
    await expect(control).toHaveClass(/save-resource--saved/);
    await expect(button).toBeFocused();
    await expectNoAxeViolations(page);

    await page.reload();
    await waitForSaveWidgets(page);
    await expect((await firstCard(page)).button).toHaveAttribute("aria-pressed", "true");

    await openMyAccount(page, "#saved-resources");
    const panel = page.getByRole("tabpanel", { name: "Saved resources" });
    await expect(panel.getByRole("link", { name: title })).toHaveAttribute("href", /^\/resources\/[a-z0-9-]+\/$/);
    await waitForSaveWidgets(page);
    await expectNoAxeViolations(page);
    const unsave = panel.locator('[data-widget="save-resource"]').getByRole("button");
    await expect(unsave).toHaveAccessibleName(`Saved “${title}”`);
    await unsave.click();
    await expect(unsave).toHaveAttribute("aria-pressed", "false");
    await expect(unsave).toHaveAccessibleName(`Save “${title}”`);

    // A reload, not goto: the same address with a #hash would not load the page again.
    await page.reload();
    await expect(page.getByRole("tabpanel", { name: "Saved resources" })).toContainText("You haven't saved any resources yet.");
  });
});

test.describe("Save a resource, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("signed out: Save takes the visitor to sign in and back", async ({ page }) => {
    await page.goto("/resources/?sort=title");
    const { button } = await firstCard(page);
    await button.click();
    await expect(page).toHaveURL(atPath(`/account/login/?next=${encodeURIComponent("/resources/?sort=title")}`));
  });

  test("signed in: the form post saves, comes back with a notice, and unsaves from My account", async ({ page }) => {
    test.slow();
    await signUpAndStaySignedIn(page, "save-nojs");
    await page.goto("/resources/?sort=title");
    const { title, button } = await firstCard(page);
    await expect(button).toHaveAccessibleName(`Save “${title}”`);
    await button.click();

    await expect(page).toHaveURL(atPath("/resources/?sort=title"));
    await expect(page.getByRole("main").getByRole("status")).toHaveText(`Saved “${title}” to your resources.`);
    const saved = (await firstCard(page)).button;
    await expect(saved).toHaveAccessibleName(`Saved “${title}”`);
    await expect(saved).toHaveAttribute("aria-pressed", "true");

    // Shown once: a reload does not repeat it.
    await page.reload();
    await expect(page.getByRole("main").getByRole("status")).toHaveCount(0);

    await page.goto("/account/my-account/#saved-resources");
    const panel = page.locator("#saved-resources");
    await expect(panel.getByRole("link", { name: title })).toBeVisible();
    await panel.getByRole("button", { name: `Saved “${title}”` }).click();
    await expect(page).toHaveURL(atPath("/account/my-account/#saved-resources"));
    await expect(page.getByRole("main").getByRole("status")).toHaveText(`Removed “${title}” from your saved resources.`);
    await expect(page.locator("#saved-resources")).toContainText("You haven't saved any resources yet.");
  });
});

test.describe("Save a resource, rendered without JavaScript", () => {
  test("the listing's controls and the notice pass axe", async ({ page }) => {
    test.slow();
    await signUpAndStaySignedIn(page, "save-axe");
    await page.route("**/static/dist/**/*.js", (route) => route.abort());
    await page.goto("/resources/");
    await showNoJavaScriptRendering(page);
    const { button } = await firstCard(page);
    await button.click();
    await showNoJavaScriptRendering(page);
    await expect(page.getByRole("main").getByRole("status")).toContainText("to your resources.");
    await expectNoAxeViolations(page);
  });
});
