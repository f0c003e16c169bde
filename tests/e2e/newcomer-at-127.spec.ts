import { expect, test } from "@playwright/test";
import { atPath, demoPassword, validMember, widgetMounted } from "./support/accounts";

/*
 * Runs against the second e2e server (playwright.config.ts): started without
 * PUBLIC_URL, so it assumes http://localhost:<port>, and reached here at
 * http://127.0.0.1:<port>. Writes from the address the browser used are the
 * site's own.
 */

test.describe("a newcomer at 127.0.0.1, JavaScript on", () => {
  test("the sign-in page starts its session, signs in, and My account saves a form", async ({ page, baseURL }) => {
    expect(baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const sessionCall = page.waitForResponse((response) => new URL(response.url()).pathname === "/account/session/");
    await page.goto("/account/login/?next=/account/my-account/");
    await widgetMounted(page, "login-form");
    expect((await sessionCall).status()).toBe(200);
    await expect(page.getByText("Session creation failed")).toHaveCount(0);

    await page.getByLabel("Email address").fill(validMember);
    await page.getByLabel("Password", { exact: true }).fill(demoPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(atPath("/account/my-account/"));

    await widgetMounted(page, "account-tabs");
    await page.getByLabel("First name").fill("Olusegun");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Profile updated successfully!" })).toBeVisible();
    await expect(page.getByText("This form has expired")).toHaveCount(0);
  });
});

test.describe("a newcomer at 127.0.0.1, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("signs in and sends the contact form as plain form posts", async ({ page }) => {
    await page.goto("/account/login/?next=/account/my-account/");
    await page.getByLabel("Email address").fill(validMember);
    await page.getByLabel("Password", { exact: true }).fill(demoPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(atPath("/account/my-account/"));

    const contact = page.locator("#contact-form");
    await contact.getByLabel("Your name").fill("Ada Lovelace");
    await contact.getByLabel("Your email address").fill(validMember);
    await contact.getByLabel("Subject").selectOption({ label: "Schools workshops and visits" });
    await contact.getByLabel("Message").fill("Do you run backstage tours for Year 9 groups in the spring term?");
    await contact.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Your message has been sent successfully!")).toBeVisible();
    await expect(page.getByText("This form has expired")).toHaveCount(0);
  });
});
