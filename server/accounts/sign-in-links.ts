import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import type { Mailer } from "../mail/mailer";
import type { RateLimiter } from "../rate-limit/rate-limit";
import { findConstituentByEmail, type ConstituentCredentials, type PersonSources } from "./constituents";
import { credentialsOf } from "./credentials";
import { hashSingleUseToken, newSingleUseToken, singleUseTokenPattern, spendSingleUseToken } from "./single-use-tokens";

/*
 * Emailed sign-in links (docs/accounts.md, "Sign-in links"): offered while
 * password sign-in is throttled, so the owner of an account someone else is
 * failing to sign in to still gets in, through their inbox. A token is the
 * single-use kind (single-use-tokens.ts): 32 random bytes, only its sha256
 * kept, working once for SIGN_IN_LINK_LIFETIME_MINUTES.
 */

export const SIGN_IN_LINK_LIFETIME_MINUTES = 15;

/** At most this many links per email typed (account or not) per window, so nobody can flood an inbox. */
const LINKS_PER_EMAIL = 3;
const LINKS_WINDOW_MS = 15 * 60 * 1000;

export interface SignInLinkDependencies extends PersonSources {
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** The site's public address without a trailing slash: links in emails are absolute. */
  publicUrl: string;
}

/** The address in the email: opened, it hands the token to a cookie and is replaced by the token-free page. */
export function signInLinkPath(token: string): string {
  return `/account/login/link/${token}/`;
}

/** Thrown inside the stand-in transaction for an unknown email, to roll back what it wrote. */
class StandIn extends Error {}

/**
 * Emails a sign-in link when the email has an account. The caller answers
 * the same either way, and the work is the same either way too: for an
 * unknown email the same email is rendered and written to the outbox in a
 * transaction that is then rolled back, so the answer's timing says nothing
 * about whether an account exists. The per-email quota counts the typed
 * email's digest, account or not, for the same reason.
 */
export async function requestSignInLink(deps: SignInLinkDependencies, email: string, now: Date): Promise<void> {
  const emailDigest = createHash("sha256").update(email).digest("hex");
  const quota = await deps.rateLimiter.hit(`sign-in-links:${emailDigest}`, LINKS_PER_EMAIL, LINKS_WINDOW_MS);
  if (!quota.allowed) return;
  const constituent = await findConstituentByEmail(deps, email);
  const { token, tokenHash, createdAt, expiresAt } = newSingleUseToken(now, SIGN_IN_LINK_LIFETIME_MINUTES);
  const mail = {
    to: constituent?.email ?? email,
    template: "sign-in-link",
    context: { firstName: constituent?.first_name ?? "", signInUrl: deps.publicUrl + signInLinkPath(token), expiresInMinutes: SIGN_IN_LINK_LIFETIME_MINUTES },
  };
  try {
    await inTransaction(deps.db, async (trx) => {
      if (constituent) {
        await trx
          .insertInto("sign_in_link_tokens")
          .values({ constituent_id: constituent.id, token_hash: tokenHash, created_at: createdAt, expires_at: expiresAt, used_at: null })
          .execute();
      }
      await deps.mailer.send(mail, { db: trx });
      if (!constituent) throw new StandIn();
    });
  } catch (error) {
    if (!(error instanceof StandIn)) throw error;
  }
}

/** Whether the link's token still works (the page before the button). Changes nothing. */
export async function signInLinkIsUsable(db: Kysely<Database>, token: string, now: Date): Promise<boolean> {
  if (!singleUseTokenPattern.test(token)) return false;
  const row = await db
    .selectFrom("sign_in_link_tokens")
    .select("id")
    .where("token_hash", "=", hashSingleUseToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Spends the token, and with it every other outstanding link of the same
 * person; returns who it signs in, or undefined when it is unknown, used or
 * expired, or the person is gone (the CRM no longer knows them: a deleted
 * account). Atomic: of two requests racing with one token, only one gets the
 * person back.
 */
export async function spendSignInLink(db: Kysely<Database>, crm: CrmPort, token: string, now: Date): Promise<Pick<ConstituentCredentials, "id" | "auth_version"> | undefined> {
  const spent = await spendSingleUseToken(db, "sign_in_link_tokens", token, now)?.returning("constituent_id").executeTakeFirst();
  if (!spent) return undefined;
  await db
    .updateTable("sign_in_link_tokens")
    .set({ used_at: now.toISOString() })
    .where("constituent_id", "=", spent.constituent_id)
    .where("used_at", "is", null)
    .execute();
  const person = await crm.personContact(spent.constituent_id);
  return person && { id: person.Id, auth_version: (await credentialsOf(db, person.Id)).authVersion };
}
