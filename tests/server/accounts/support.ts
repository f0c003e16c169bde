import type { Kysely } from "kysely";
import request from "supertest";
import { hashPassword } from "../../../server/auth/password-hashing";
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
      password_hash: password === null ? null : await hashPassword(password, cheapScrypt),
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (options.membershipExpiresAt) {
    await db
      .insertInto("memberships")
      .values({ constituent_id: id, membership_level_id: 95, starts_at: now, expires_at: options.membershipExpiresAt.toISOString() })
      .execute();
  }
  return id;
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
