import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { checkStep, widths } from "./support/journeys";
import { enrol, staffCreate, uniqueStaffEmail } from "./support/staff";

/*
 * The back office's islands (issue 28, docs/back-office.md "Islands"), with
 * JavaScript, at 1280 and 375 px, axe on the open dialog and the open list:
 * - removing an allowed domain asks first in a modal dialog: Cancel (and
 *   Escape) keep it and focus goes back to its button; Confirm removes it;
 * - the school finder lists Bristol Primary School for its URN as it is
 *   typed, and Enter on it opens its page.
 * Each test adds its own domain, to a school no other journey uses, and
 * takes it away again.
 */

const school = { urn: "9000007", name: "Exeter Junior School" };

async function membershipStaff(page: Page): Promise<void> {
  await enrol(page, await staffCreate(uniqueStaffEmail("islands"), "membership"), async () => {});
  await page.getByRole("link", { name: "Continue to the back office" }).click();
}

for (const { label, width, height } of widths) {
  test.describe(`the back office's islands at ${label}`, () => {
    test.use({ viewport: { width, height } });

    test("removing an allowed domain asks in a dialog: Cancel and Escape keep it, Confirm removes it", async ({ page }) => {
      test.setTimeout(120_000);
      await membershipStaff(page);
      const found = await (await page.request.get(`/staff/schools/suggestions/?q=${school.urn}`)).json();
      expect(found).toEqual([expect.objectContaining({ name: school.name, urn: school.urn })]);
      await page.goto(`/staff/schools/${found[0].id}/`);
      await expect(page.getByRole("heading", { level: 1, name: school.name })).toBeVisible();

      const domain = `islands-${Date.now()}-${Math.random().toString(36).slice(2, 6)}.sch.uk`;
      await page.getByLabel("Add a domain").fill(domain);
      await page.getByRole("button", { name: "Add the domain" }).click();
      const domains = page.getByRole("region", { name: "Allowed email domains" });
      await expect(domains.getByRole("listitem").filter({ hasText: domain })).toBeVisible();
      await expect(page.locator('[data-widget="confirm-action"][data-widget-state="mounted"]').first()).toBeAttached();

      const remove = domains.getByRole("button", { name: `Remove ${domain}` });
      const question = `Remove ${domain} from ${school.name}?`;
      await remove.click();
      const dialog = page.getByRole("dialog", { name: question });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
      await checkStep(page);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await expect(remove).toBeFocused();
      await expect(domains.getByRole("listitem").filter({ hasText: domain })).toBeVisible();

      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(remove).toBeFocused();
      await page.reload();
      await expect(domains.getByRole("listitem").filter({ hasText: domain })).toBeVisible();

      await domains.getByRole("button", { name: `Remove ${domain}` }).click();
      await dialog.getByRole("button", { name: "Remove domain" }).click();
      await expect(page.getByText(`${domain} is no longer one of this school's domains.`)).toBeVisible();
      await expect(domains.getByRole("listitem").filter({ hasText: domain })).toHaveCount(0);
    });

    test("the school finder lists Bristol Primary School for its URN as it is typed, and Enter opens its page", async ({ page }) => {
      test.setTimeout(120_000);
      await membershipStaff(page);
      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Schools" }).click();
      const box = page.getByRole("combobox", { name: "Name, URN, postcode or email domain" });
      // The finder mounts when staff reach for it.
      await page.getByLabel("Name, URN, postcode or email domain").focus();
      await expect(page.locator('[data-widget="staff-school-finder"]')).toHaveAttribute("data-widget-state", "mounted");
      await expect(box).toBeFocused();
      await box.pressSequentially("9000005", { delay: 30 });
      const list = page.getByRole("listbox", { name: "Matching schools" });
      const option = list.getByRole("option", { name: /Bristol Primary School/ });
      await expect(option).toBeVisible();
      await expect(option).toContainText("URN 9000005");
      await expect(box).toHaveAttribute("aria-expanded", "true");
      await expect(page.getByRole("status").filter({ hasText: "1 school found" })).toBeAttached();
      await checkStep(page);
      await expectNoAxeViolations(page);

      await page.keyboard.press("ArrowDown");
      await expect(option).toHaveAttribute("aria-selected", "true");
      await expect(box).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id"))!);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/staff\/schools\/\d+\/$/);
      await expect(page.getByRole("heading", { level: 1, name: "Bristol Primary School" })).toBeVisible();

      // Without choosing a school, the form still goes to the full results.
      await page.goBack();
      await page.getByLabel("Name, URN, postcode or email domain").fill("Bristol Primary");
      await page.getByLabel("Name, URN, postcode or email domain").press("Enter");
      await expect(page).toHaveURL(/\/staff\/schools\/\?q=Bristol\+Primary$/);
      await expect(page.getByRole("heading", { level: 2, name: /matching “Bristol Primary”/ })).toBeVisible();
    });
  });
}
