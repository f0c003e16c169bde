import type { Kysely } from "kysely";
import request from "supertest";
import { hashPassword } from "../../../server/accounts/password-hashing";
import type { Database } from "../../../server/db/schema";
import { browserWithPage, csrfTokenOf, type TestTarget } from "../support/pages";

/** A cost low enough for tests; verification reads the cost from the stored hash, so sign-in works the same. */
const cheapScrypt = { N: 1024, r: 8, p: 1 };

export const strongPassword = "Rehearsal-room-7!";

export interface PersonOptions {
  email: string;
  /** Null makes a record without a password, as staff or an import create. */
  password?: string | null;
  firstName?: string;
  /** Expiry of an individual membership, if any. */
  membershipExpiresAt?: Date;
}

/** A constituent (and membership) straight in the database, with a cheaply hashed password. */
export async function addPerson(db: Kysely<Database>, options: PersonOptions): Promise<number> {
  const now = new Date().toISOString();
  const password = options.password === undefined ? strongPassword : options.password;
  const { id } = await db
    .insertInto("constituents")
    .values({
      email: options.email,
      first_name: options.firstName ?? "Jo",
      last_name: "Baptiste",
      phone_number: "",
      prefix: -1,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // A person without a password has no credentials row, as staff or an import leave them.
  if (password !== null) {
    await db.insertInto("account_credentials").values({ constituent_id: id, password_hash: await hashPassword(password, cheapScrypt), email_verified_at: null }).execute();
  }
  if (options.membershipExpiresAt) {
    await db
      .insertInto("memberships")
      .values({ constituent_id: id, membership_level_id: 95, starts_at: now, expires_at: options.membershipExpiresAt.toISOString() })
      .execute();
  }
  return id;
}

/** Sets (or, with null, clears) when the person's address was verified, straight in their credentials. */
export async function setEmailVerifiedAt(db: Kysely<Database>, constituentId: number, at: string | null = new Date().toISOString()): Promise<void> {
  await db
    .insertInto("account_credentials")
    .values({ constituent_id: constituentId, password_hash: null, email_verified_at: at })
    .onConflict((conflict) => conflict.column("constituent_id").doUpdateSet({ email_verified_at: at }))
    .execute();
}

/** When the address of the person who has it was verified: null if never, undefined for no such person. */
export async function verifiedAtOf(db: Kysely<Database>, email: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom("constituents")
    .leftJoin("account_credentials", "account_credentials.constituent_id", "constituents.id")
    .select("account_credentials.email_verified_at")
    .where("constituents.email", "=", email)
    .executeTakeFirst();
  return row && (row.email_verified_at ?? null);
}

/** The person's credentials row (undefined: none), for assertions. */
export function credentialsRow(db: Kysely<Database>, constituentId: number) {
  return db.selectFrom("account_credentials").selectAll().where("constituent_id", "=", constituentId).executeTakeFirst();
}

export const inAYear = () => new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);
export const lastMonth = () => new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);

/** A browser on the login page: it keeps cookies and holds the page's CSRF token. */
export async function browserOnLoginPage(app: TestTarget, path = "/account/login/") {
  return browserWithPage(app, path);
}

type Agent = ReturnType<typeof request.agent>;

/** Signs in through the real JSON login call, as the login widget does. */
export async function signInAs(agent: Agent, token: string, email: string, password = strongPassword) {
  const response = await agent.post("/account/login/").set("X-CSRFToken", token).send({ email, password, next: "/account/my-account/" });
  if (response.status !== 200) throw new Error(`sign-in failed with ${response.status}: ${response.text}`);
  return response;
}

/** The CSRF token of a page the agent opens now (it changes when the session does). */
export async function freshToken(agent: Agent, path = "/account/login/"): Promise<string> {
  return csrfTokenOf((await agent.get(path).set("Accept", "text/html")).text);
}

/** The messages in the outbox addressed to someone, newest first. */
export async function outboxFor(db: Kysely<Database>, to: string) {
  return db.selectFrom("mail_outbox").selectAll().where("to_address", "=", to).orderBy("id", "desc").execute();
}

/** The reset link in a password email's text body. */
export function resetLinkIn(textBody: string | null): string {
  const link = /https?:\/\/\S+\/account\/reset-password\/[A-Za-z0-9_-]{43}\//.exec(textBody ?? "")?.[0];
  if (!link) throw new Error(`no reset link in: ${textBody}`);
  return new URL(link).pathname;
}

/** The verification (or email-change) link's path and query in an email's text body. */
export function verifyLinkIn(textBody: string | null): string {
  const link = /https?:\/\/\S+\/account\/verify-email\/\?token=[A-Za-z0-9_-]{43}/.exec(textBody ?? "")?.[0];
  if (!link) throw new Error(`no verification link in: ${textBody}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** The emailed verification link opened as a browser does: the token's hand-off to a cookie, then the page (which spends nothing). */
export async function openVerifyLink(agent: Agent, link: string) {
  const handoff = await agent.get(link);
  expect(handoff.status).toBe(303);
  expect(handoff.headers.location).toBe("/account/verify-email/");
  return agent.get("/account/verify-email/").set("Accept", "text/html");
}

/** The verification page's button ("Confirm my email", "Continue your registration"): the POST that spends the link. */
export function pressVerifyButton(agent: Agent, page: { text: string }) {
  return agent.post("/account/verify-email/confirm/").type("form").set("Accept", "text/html").send({ _csrf: csrfTokenOf(page.text) });
}

/**
 * Follows an emailed verification link as a person does: opens it, and
 * presses "Confirm my email" (or "Confirm my new email") when the page offers
 * it; a page without that button (the link is used or expired) is the answer.
 */
export async function followVerifyLink(agent: Agent, link: string) {
  const page = await openVerifyLink(agent, link);
  if (!/>Confirm my (new )?email<\/button>/.test(page.text)) return page;
  return pressVerifyButton(agent, page);
}
