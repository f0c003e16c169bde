import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { atPath, demoPassword, registerThroughApi, signInThroughApi, uniqueEmail, widgetMounted } from "./support/accounts";
import { checkStep, checkStepAtBothWidths, widths } from "./support/journeys";
import { confirmEmailPage, followMailedLink, pressLinkButton, type StepCheck } from "./support/wizard";
import { openMailboxFor } from "./support/mailbox";

/*
 * A scanner test (issue 29, "Email links that survive scanners"): schools on
 * Microsoft 365 have Safe Links, which opens every link in an email before
 * the teacher does (TryGhost/Ghost#12347). For each email with a single-use
 * link, every link in it is fetched first as a scanner would: a plain GET
 * and a HEAD without cookies (Node's fetch), and a GET by a client that
 * keeps its own cookies across the redirect (Playwright's own request
 * context, apart from the browser's), which reaches the page with the
 * button. Then the person completes the flow in the browser, which works
 * only if none of that spent the link. Each page is checked (axe, nothing
 * scrolling sideways) at the width walked; the invite, which takes one of a
 * demo school's seats for good, is walked once with each page checked at
 * both widths.
 */

const password = "Footlights-42!";

/** Every web link in the newest message to `email` whose subject matches: the text version's and the HTML version's. */
async function linksInNewestMail(page: Page, email: string, subject: RegExp): Promise<string[]> {
  await openMailboxFor(page, email, 1);
  await page.getByRole("row").filter({ hasText: email }).filter({ hasText: subject }).first().getByRole("link").first().click();
  const hrefs = (anchors: Element[]) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href);
  const inText = await page.locator("[data-mail-text] a[href]").evaluateAll(hrefs);
  const inHtml = await page.frameLocator("iframe").locator("a[href]").evaluateAll(hrefs);
  const links = [...new Set([...inText, ...inHtml])].filter((href) => /^https?:/.test(href));
  expect(links.length).toBeGreaterThan(0);
  return links;
}

/**
 * Fetches every link as a mail scanner does; `spendable` is the emailed
 * link itself, whose page the cookie-keeping scanner must see with its
 * button (so the test proves the scanner reached it, and spent nothing).
 */
async function scan(scanner: APIRequestContext, links: string[], spendable: { path: RegExp; page: string }): Promise<void> {
  const [link] = links.filter((href) => spendable.path.test(href));
  expect(link, `the email holds a link matching ${spendable.path}`).toBeDefined();
  for (const href of links) {
    const plain = await fetch(href, { redirect: "follow" });
    expect(plain.status, `GET ${href}`).toBeLessThan(500);
    const head = await fetch(href, { method: "HEAD", redirect: "manual" });
    expect(head.status, `HEAD ${href}`).toBeLessThan(500);
    const kept = await scanner.get(href);
    expect(kept.status(), `GET ${href} keeping cookies`).toBeLessThan(500);
    if (href === link) expect(await kept.text()).toContain(spendable.page);
  }
}

/**
 * Fetches every link again as a mail client prefetching it in the person's
 * own browser would: with their cookies, signed in. The link's page must
 * still only offer its button.
 */
async function prefetchSignedIn(page: Page, links: string[], spendable: { path: RegExp; page: string }): Promise<void> {
  for (const href of links) {
    const prefetched = await page.request.get(href);
    expect(prefetched.status(), `prefetched ${href}`).toBeLessThan(500);
    if (spendable.path.test(href)) expect(await prefetched.text()).toContain(spendable.page);
  }
}

/** The CSRF token of the page open now. */
const csrfToken = async (page: Page) => (await page.locator('meta[name="csrf-token"]').getAttribute("content")) ?? "";

const signedInEmail = async (page: Page): Promise<string | null> =>
  (await (await page.request.get("/account/session-status/", { headers: { Accept: "application/json" } })).json()).session_data.login_info?.email ?? null;

/** A registered person, signed out again, and their address. */
async function newPerson(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(`scanned-${label}`);
  await registerThroughApi(page, email, password);
  return email;
}

for (const width of widths) {
  test.describe(`emailed links opened by a scanner first, then completed in the browser at ${width.label}`, () => {
    test.use({ viewport: { width: width.width, height: width.height } });
    // Each registers a person (full-cost password hashing) and most sign in too.
    test.slow();

    test("the welcome email's verification link: Confirm my email, then sign in and on into the wizard", async ({ page, request }) => {
      const email = await newPerson(page, "verify");
      const welcome = /Welcome to .+: please confirm your email address/;
      await scan(request, await linksInNewestMail(page, email, welcome), { path: /\/account\/verify-email\/\?token=/, page: "Confirm my email" });

      await followMailedLink(page, email, welcome, "verify-email");
      await expect(page).toHaveURL(atPath("/account/verify-email/"));
      await pressLinkButton(page, confirmEmailPage.heading, confirmEmailPage.button, checkStep);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your email address is confirmed");
      await checkStep(page);
      // The link never signs in: the page asks for it, and on into the wizard after.
      expect(await signedInEmail(page)).toBeNull();
      await page.getByLabel("Email address").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/account\/register\/\?link-school=true/);
      await widgetMounted(page, "register-wizard");
      expect(await signedInEmail(page)).toBe(email);
    });

    test("the password reset link: Choose a new password, and it is set", async ({ page, request }) => {
      const email = await newPerson(page, "reset");
      await page.goto("/account/forgot-password/");
      await page.getByLabel("Email address").fill(email);
      await page.getByRole("button", { name: "Send me a link" }).click();
      await expect(page.getByRole("main").getByRole("status")).toContainText("If there is an account for that email address");
      const subject = /Reset your .+ password/;
      await scan(request, await linksInNewestMail(page, email, subject), { path: /\/account\/reset-password\/[A-Za-z0-9_-]{43}\/$/, page: "Save password" });

      await followMailedLink(page, email, subject, "/account/reset-password/");
      await expect(page).toHaveURL(atPath("/account/reset-password/"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
      await checkStep(page);
      const newPassword = "Understudy-77?";
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("Confirm new password").fill(newPassword);
      await page.getByRole("button", { name: "Save password" }).click();
      await expect(page).toHaveURL(atPath("/account/reset-password/done/"));
      await expect(page.getByRole("main").getByRole("status")).toHaveText("Your password has been changed, and you are now signed in.");
      await checkStep(page);
      expect(await signedInEmail(page)).toBe(email);
    });

    test("the email change's link: Confirm my new email, and My account says so", async ({ page, request }) => {
      const email = await newPerson(page, "mover");
      await signInThroughApi(page, email, password);
      const newEmail = uniqueEmail("scanned-moved");
      await page.goto("/account/my-account/");
      const changed = await page.request.put("/account/update-profile/", {
        headers: { "X-CSRFToken": await csrfToken(page), "X-Requested-With": "XMLHttpRequest" },
        data: { Email: newEmail, Password: password },
      });
      expect(changed.status()).toBe(200);
      const subject = /Confirm your new email address/;
      const links = await linksInNewestMail(page, newEmail, subject);
      const spendable = { path: /\/account\/verify-email\/\?token=/, page: "Confirm my new email" };
      await scan(request, links, spendable);
      await prefetchSignedIn(page, links, spendable);

      await followMailedLink(page, newEmail, subject, "verify-email");
      await pressLinkButton(page, "Confirm your new email address", "Confirm my new email", checkStep);
      await expect(page).toHaveURL(atPath("/account/my-account/#profile"));
      await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Email updated successfully!" })).toBeVisible();
      await expect(page.locator(".change-email__address")).toHaveText(newEmail);
      await checkStep(page);
    });

    test("the emailed sign-in link: Sign in, and signed in", async ({ page, request }) => {
      const email = await newPerson(page, "link");
      await page.goto("/account/login/");
      const asked = await page.request.post("/account/login/email-link/", {
        headers: { "X-CSRFToken": await csrfToken(page), "X-Requested-With": "XMLHttpRequest" },
        data: { email },
      });
      expect(asked.status()).toBe(200);
      const subject = /Your sign-in link/;
      await scan(request, await linksInNewestMail(page, email, subject), { path: /\/account\/login\/link\/[A-Za-z0-9_-]{43}\/$/, page: "Sign in with your link" });

      await followMailedLink(page, email, subject, "/account/login/link/");
      await expect(page).toHaveURL(atPath("/account/login/link/"));
      expect(await signedInEmail(page)).toBeNull();
      await pressLinkButton(page, "Sign in with your link", "Sign in", checkStep);
      // No school or membership yet: the membership rule sends a new account to link one.
      await expect(page).toHaveURL(/\/account\/register\/\?link-school=true/);
      expect(await signedInEmail(page)).toBe(email);
    });
  });
}

test("St Catherine's invite, scanned first, then walked at 375 px with each page checked at both widths: Join St Catherine's College", async ({ page, request, browser }) => {
  test.slow();
  const check: StepCheck = checkStepAtBothWidths;
  await page.setViewportSize({ width: 375, height: 740 });
  const invited = await newPerson(page, "invited");

  const admin = await (await browser.newContext()).newPage();
  await signInThroughApi(admin, "head@stcatherines.org.uk", demoPassword);
  await admin.goto("/account/my-account/#school");
  await widgetMounted(admin, "edit-users-dialog");
  await admin.getByRole("button", { name: "Edit users" }).click();
  await admin.getByRole("dialog").getByLabel("Their email address").fill(invited);
  await admin.getByRole("dialog").getByRole("button", { name: "Send invite" }).click();
  await expect(admin.getByText("Invite sent successfully!")).toBeVisible();
  await admin.close();

  // Signed out, the scanners are sent to sign in; prefetched signed in, the link's page only offers the button.
  const subject = /invited to join St Catherine's College/;
  const links = await linksInNewestMail(page, invited, subject);
  const invitePath = /\/account\/invite\/accept\/\?token=/;
  await scan(request, links, { path: invitePath, page: "Sign in" });
  await signInThroughApi(page, invited, password);
  await prefetchSignedIn(page, links, { path: invitePath, page: "Join St Catherine&#39;s College</button>" });
  await followMailedLink(page, invited, subject, "invite/accept");
  await expect(page).toHaveURL(/\/account\/invite\/accept\/\?token=/);
  await pressLinkButton(page, "Join St Catherine's College", "Join St Catherine's College", check);
  await expect(page).toHaveURL(atPath("/account/my-account/#school"));
  await expect(page.getByText("You have joined St Catherine's College.")).toBeVisible();
  await expect(page.getByRole("tabpanel", { name: "School" })).toContainText("St Catherine's College");
  await check(page);
});
