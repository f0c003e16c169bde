import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";
import { tessituraBaseURL, tessituraPort } from "../../../playwright.config";
import { nextCode, type Authenticator } from "../../support/authenticator";
import { createDatabase } from "../../../server/db/database";

/*
 * The back office's journeys (tests/e2e/staff-*.spec.ts): staff accounts made
 * with the real `npm run staff:create` against the e2e server's database,
 * enrolled through the browser with TOTP codes computed here, as an
 * authenticator app computes them.
 */

const port = Number(process.env.E2E_PORT ?? 3100);
export const e2eBaseUrl = `http://localhost:${port}`;

/** One of the e2e servers (playwright.config.ts): its address and its database. The main one unless told. */
export interface E2eSite {
  baseUrl: string;
  databaseUrl: string;
}

const mainSite: E2eSite = { baseUrl: e2eBaseUrl, databaseUrl: `sqlite:var/e2e-${port}/site.sqlite` };

/** The Tessitura site (CRM_PROVIDER=tessitura, playwright.config.ts): its staff are in its own database. */
export const tessituraSite: E2eSite = { baseUrl: tessituraBaseURL, databaseUrl: `sqlite:var/e2e-${tessituraPort}/site.sqlite` };

export { nextCode, type Authenticator };

export const staffPassword = "Prompt-book-42!";

/** A fresh staff address per test, so parallel workers never share an account. */
export function uniqueStaffEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@greyfriars.example`;
}

/** Runs `npm run staff:create` (its script, as npm would) for an e2e server (the main one unless told); returns the enrolment link's path. */
export async function staffCreate(email: string, role: string, site: E2eSite = mainSite): Promise<string> {
  const tsx = path.resolve("node_modules/.bin/tsx");
  const { stdout } = await promisify(execFile)(tsx, ["server/staff/staff-cli.ts", "--email", email, "--role", role], {
    env: { ...process.env, DATABASE_URL: site.databaseUrl, PUBLIC_URL: site.baseUrl, NODE_ENV: "test", SESSION_SECRET: "e2e-session-secret-not-for-production-0123456789" },
  });
  return enrolmentPathIn(stdout);
}

/** The enrolment link in a text (the command's output, an email). */
export function enrolmentPathIn(text: string): string {
  const link = /https?:\/\/\S+\/staff-enrol\/[A-Za-z0-9_-]{43}\//.exec(text)?.[0];
  if (!link) throw new Error(`no enrolment link in: ${text}`);
  return new URL(link).pathname;
}

/** The newest email to `to` in an e2e server's outbox (the main one unless told), as text. */
export async function latestMailTo(to: string, site: E2eSite = mainSite): Promise<string> {
  const database = createDatabase(site.databaseUrl);
  try {
    const row = await database.db.selectFrom("mail_outbox").select("text_body").where("to_address", "=", to).orderBy("id", "desc").executeTakeFirst();
    return row?.text_body ?? "";
  } finally {
    await database.close();
  }
}

/** Whether the e2e server's outbox holds a message to `to` whose text contains `text` (others may be mailing the same address meanwhile). */
export async function mailToContains(to: string, text: string): Promise<boolean> {
  const database = createDatabase(mainSite.databaseUrl);
  try {
    const rows = await database.db.selectFrom("mail_outbox").select("text_body").where("to_address", "=", to).execute();
    return rows.some((row) => row.text_body?.includes(text) ?? false);
  } finally {
    await database.close();
  }
}

/**
 * Follows an enrolment link: reads the secret from the page's otpauth:// link
 * (the QR code says the same), chooses the password, types the app's code.
 * Returns the app and the recovery codes the answer shows. Calls `check` on
 * each page on the way (axe).
 */
export async function enrol(
  page: Page,
  enrolmentPath: string,
  check: (page: Page) => Promise<void>,
): Promise<{ app: Authenticator; recoveryCodes: string[]; sources: { enrolment: string; recoveryCodes: string } }> {
  await page.goto(enrolmentPath);
  await expect(page).toHaveURL(/\/staff-enrol\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Set up your staff account" })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await check(page);
  const enrolmentSource = await (await page.request.get("/staff-enrol/")).text();
  const uri = new URL((await page.locator('a[href^="otpauth://"]').getAttribute("href"))!);
  const app = { secret: uri.searchParams.get("secret")!, lastStep: 0 };
  await page.getByLabel("Password", { exact: true }).fill(staffPassword);
  await page.getByLabel("Password again").fill(staffPassword);
  await page.getByLabel("Code from the app").fill(nextCode(app));
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/staff-enrol/"),
    page.getByRole("button", { name: "Set up my account" }).click(),
  ]);
  await expect(page.getByRole("heading", { level: 1, name: "Your recovery codes" })).toBeVisible();
  await check(page);
  const recoveryCodes = await page.getByRole("list", { name: "Recovery codes" }).locator("code").allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  return { app, recoveryCodes, sources: { enrolment: enrolmentSource, recoveryCodes: await answer.text() } };
}

/** Signs in on the staff sign-in page with the password and `code`. */
export async function staffSignIn(page: Page, email: string, code: string): Promise<void> {
  await page.goto("/staff-sign-in/");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(staffPassword);
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function staffSignOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/staff-sign-in\/$/);
}
