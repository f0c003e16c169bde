import { expect, test, type Page } from "@playwright/test";
import { createDatabase } from "../../server/db/database";
import { createMailRenderer } from "../../server/mail/mail-renderer";
import { OutboxMailer } from "../../server/mail/outbox-mailer";
import { templatesDir } from "../../server/paths";
import { expectNoAxeViolations } from "./support/axe";

/*
 * The dev mailbox as a developer (and the password-reset journeys) use it:
 * messages are written with the real mailer into the running server's
 * database, then read, and their links followed, in the browser.
 */

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const databaseUrl = `sqlite:var/e2e-${port}/site.sqlite`;

/** Sends one message through the embedded mailer into the e2e server's outbox. */
async function sendThroughOutbox(to: string, template: string, context: object): Promise<void> {
  const database = createDatabase(databaseUrl);
  try {
    const renderer = createMailRenderer(templatesDir, {
      organisationName: "Greyfriars Playhouse",
      siteUrl: baseURL,
      supportEmail: "learning@greyfriars.example",
    });
    await new OutboxMailer({ db: database.db, renderer, from: "Greyfriars Playhouse <no-reply@greyfriars.example>" }).send({ to, template, context });
  } finally {
    await database.close();
  }
}

/**
 * axe needs JavaScript (tests/e2e/support/no-javascript.ts). The mailbox has
 * no widgets, so its page is the same either way: checked once, with it on.
 */
async function expectAccessibleWhenScriptable(page: Page, javaScriptEnabled: boolean): Promise<void> {
  if (javaScriptEnabled) await expectNoAxeViolations(page);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the dev mailbox, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("lists a new message, opens it, shows both versions, and its link works", async ({ page }) => {
      const recipient = `mailbox-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}@example.com`;
      // A real page of the site stands in for the reset link, so following it can be checked.
      const resetUrl = `${baseURL}/visit-us/?from=${javaScriptEnabled ? "js" : "nojs"}`;
      await sendThroughOutbox(recipient, "password-reset", { firstName: "Ada <Lovelace>", resetUrl, expiresInMinutes: 60 });

      await page.goto("/dev/mailbox/");
      await expect(page.getByRole("heading", { level: 1, name: "Mailbox" })).toBeVisible();
      const row = page.getByRole("row").filter({ hasText: recipient });
      await expect(row).toHaveCount(1);
      await expectAccessibleWhenScriptable(page, javaScriptEnabled);

      await row.getByRole("link", { name: "Reset your Greyfriars Playhouse password" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Reset your Greyfriars Playhouse password" })).toBeVisible();
      await expect(page.getByRole("cell", { name: recipient })).toBeVisible();
      await expect(page.locator("[data-mail-text]")).toContainText("Hello Ada <Lovelace>,");

      const htmlFrame = page.frameLocator('iframe[title^="HTML version of"]');
      await expect(htmlFrame.getByRole("heading", { level: 1, name: "Reset your Greyfriars Playhouse password" })).toBeVisible();
      await expect(htmlFrame.getByRole("link", { name: "Choose a new password" })).toHaveAttribute("href", resetUrl);
      await expectAccessibleWhenScriptable(page, javaScriptEnabled);

      await page.locator("[data-mail-text]").getByRole("link", { name: resetUrl }).click();
      await expect(page).toHaveURL(resetUrl);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  });
}

test("the mailbox fits a 375 px phone without scrolling sideways", async ({ page }) => {
  await sendThroughOutbox("phone@example.com", "contact-message", {
    name: "Ada Lovelace",
    email: "ada@example.com",
    subject: "Booking a workshop for Year 9",
    message: "Could you run the Macbeth freeze-frames workshop for two classes in March?",
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/dev/mailbox/");
  await page.getByRole("link", { name: "Website message: Booking a workshop for Year 9" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Booking a workshop");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});
