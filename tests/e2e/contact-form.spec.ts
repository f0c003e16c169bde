import { expect, test, type Page } from "@playwright/test";
import { atPath } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { openMyAccount, signUpAndStaySignedIn } from "./support/my-account";

const subject = "Teaching resources";
const message = "Could the Macbeth freeze-frame lesson (KS3, 45 min) work for a mixed Year 8 and 9 group of 32?";

/** The staff copy in the dev mailbox: the newest message whose row mentions the sender's subject. */
async function expectStaffCopy(page: Page, sender: string): Promise<void> {
  await page.goto("/dev/mailbox/");
  const row = page.getByRole("row", { name: new RegExp(`Website message: ${subject}`) }).first();
  await expect(row).toBeVisible();
  await row.getByRole("link").click();
  await expect(page.locator("[data-mail-text]")).toContainText(sender);
  await expect(page.locator("[data-mail-text]")).toContainText("mixed Year 8 and 9 group");
}

test.describe("contact form, JavaScript on", () => {
  test("sends the message in place, with the selected option's text as the subject", async ({ page }) => {
    const person = await signUpAndStaySignedIn(page, "contact");
    await openMyAccount(page, "#contact");
    const panel = page.getByRole("tabpanel", { name: "Contact us" });
    await expect(panel.getByLabel("Your name")).toHaveValue("Imogen Achterberg");
    await expect(panel.getByLabel("Your email address")).toHaveValue(person.email);

    // The browser's own checks come first: nothing is sent without a subject and a message.
    await panel.getByRole("button", { name: "Send message" }).click();
    expect(await panel.getByLabel("Subject").evaluate((select: HTMLSelectElement) => select.validity.valueMissing)).toBe(true);

    await panel.getByLabel("Subject").selectOption({ label: subject });
    await panel.getByLabel("Message").fill(message);
    await panel.getByRole("button", { name: "Send message" }).click();
    await expect(panel.getByRole("status")).toHaveText("Your message has been sent successfully!");
    // Ready for another message; the name and email stay.
    await expect(panel.getByLabel("Message")).toHaveValue("");
    await expect(panel.getByLabel("Subject")).toHaveValue("");
    await expect(panel.getByLabel("Your email address")).toHaveValue(person.email);
    await expectNoAxeViolations(page);

    await expectStaffCopy(page, person.email);
  });

  test("shows the server's per-field errors", async ({ page }) => {
    await signUpAndStaySignedIn(page, "contact-errors");
    await openMyAccount(page, "#contact");
    const panel = page.getByRole("tabpanel", { name: "Contact us" });
    // Passes the browser's check (a dot-less domain is valid there) but not the server's.
    await panel.getByLabel("Your email address").fill("imogen@school");
    await panel.getByLabel("Subject").selectOption({ label: subject });
    await panel.getByLabel("Message").fill(message);
    await panel.getByRole("button", { name: "Send message" }).click();
    const summary = panel.getByRole("alert");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("Please enter a valid email address");
    await expect(panel.getByLabel("Your email address")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });
});

test.describe("contact form, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain form sends, comes back to the Contact section with the notice, and keeps what was typed on errors", async ({ page }) => {
    const person = await signUpAndStaySignedIn(page, "contact-nojs");
    await page.goto("/account/my-account/#contact");
    await page.getByLabel("Your email address").fill("imogen@school");
    await page.getByLabel("Subject").selectOption({ label: subject });
    await page.getByLabel("Message").fill(message);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Please enter a valid email address");
    await expect(page.getByLabel("Message")).toHaveValue(message);
    await expect(page.getByLabel("Subject")).toHaveValue(subject);

    await page.getByLabel("Your email address").fill(person.email);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page).toHaveURL(atPath("/account/my-account/#contact"));
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Your message has been sent successfully!" })).toBeVisible();
    await expectStaffCopy(page, person.email);
  });
});
