import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { showNoJavaScriptRendering } from "./support/no-javascript";

// The dialog journey itself is tests/e2e/profile-dialog.spec.ts; this is the page.
test.describe("the People page", () => {
  test("shows the teams' profile covers; a cover opens the person's bio", async ({ page }) => {
    await page.goto("/people/");
    await expect(page.getByRole("heading", { level: 1, name: "Our people" })).toBeVisible();
    for (const team of ["Artistic team", "Learning & participation", "Associate artists"]) {
      await expect(page.getByRole("heading", { level: 2, name: team })).toBeVisible();
    }
    const cover = page.locator('[data-widget="profile-dialog"]').filter({ hasText: "Marianne Cole" });
    await cover.scrollIntoViewIfNeeded();
    await expect(cover).toHaveAttribute("data-widget-state", "mounted");
    await expectNoAxeViolations(page);

    await cover.getByRole("link", { name: /Marianne Cole/ }).click();
    const dialog = page.getByRole("dialog", { name: "Marianne Cole" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Head of Learning");
    await expectNoAxeViolations(page);
  });

  test("has no WCAG 2.2 AA violations as rendered without JavaScript", async ({ page }) => {
    await page.route("**/static/dist/**/*.js", (route) => route.abort());
    for (const path of ["/people/", "/people/marianne-cole/"]) {
      await page.goto(path);
      await showNoJavaScriptRendering(page);
      await expectNoAxeViolations(page);
    }
  });
});

test.describe("the People page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each cover links to the person's own page", async ({ page }) => {
    await page.goto("/people/");
    await page.getByRole("link", { name: /Kwame Asante/ }).click();
    await expect(page).toHaveURL("/people/kwame-asante/");
    await expect(page.getByRole("heading", { level: 1, name: "Kwame Asante" })).toBeVisible();
    await expect(page.getByText("Associate Artist", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Our people" }).first().click();
    await expect(page).toHaveURL("/people/");
  });
});
