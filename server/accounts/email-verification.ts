import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Logger } from "../logging";
import { inTransaction } from "../db/transactions";
import type { Mailer } from "../mail/mailer";
import type { RateLimiter } from "../rate-limit/rate-limit";
import { parseStoredChoice, type PendingChoice } from "./email-verification-choice";
import {
  consumeVerificationToken,
  issueVerificationToken,
  pendingChoiceByResumeKey,
  verifiedEmailOf,
  VERIFICATION_TOKEN_LIFETIME_MINUTES,
} from "./email-verification-tokens";

/** At most this many verification emails per person per hour, so nobody can flood an inbox. */
const LINKS_PER_PERSON_PER_HOUR = 5;

export interface VerificationDependencies {
  db: Kysely<Database>;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  logger: Logger;
  /** The site's public address without a trailing slash: links in emails are absolute. */
  publicUrl: string;
  clock?: () => Date;
}

export type SendLinkOutcome = { kind: "sent"; sentTo: string } | { kind: "rate-limited" } | { kind: "no-account" };

/**
 * Following a link confirms the address and never signs anyone in (a link
 * that did would let an attacker's link sign a victim into the attacker's
 * account: login CSRF, issue 22 item 6). What happens next depends on who
 * this browser is signed in as.
 */
export type VerifyOutcome =
  /** Signed in as that person: on into the wizard, where they were. */
  | { kind: "verified"; wizardPath: string }
  /** Signed in as someone else, who stays signed in: say which address was confirmed, nothing more. */
  | { kind: "verified-for-another-account"; email: string }
  /** Nobody signed in: sign in, then on to `wizardPath` (which resumes only for the person who verified). */
  | { kind: "verified-signed-out"; wizardPath: string }
  | { kind: "unusable-token" };

/** The wizard's link-school screens, where a followed link continues. */
const LINK_SCHOOL_WIZARD_PATH = "/account/register/?link-school=true";

/**
 * Verified email addresses (docs/crm.md, "Seats, admins and verified email"):
 * a person proves they read their address by following a single-use link,
 * sent in the welcome email and again whenever the wizard needs it (carrying
 * the wizard's choice, so following the link resumes where they were).
 */
export interface EmailVerificationService {
  /** Sends a link that, once followed, resumes the wizard at `choice`. Rate-limited per person. */
  sendVerificationLink(constituentId: number, choice: PendingChoice | null): Promise<SendLinkOutcome>;
  /** Spends the token and confirms its address; `signedInAs` is who this browser is signed in as, if anyone. */
  verify(token: string, signedInAs: number | undefined): Promise<VerifyOutcome>;
  /** The choice to resume after verifying, for the person who verified only. */
  resumeFor(constituentId: number, resumeKey: string): Promise<PendingChoice | undefined>;
  /** The person's address when verified, else undefined. */
  verifiedEmail(constituentId: number): Promise<string | undefined>;
  isEmailVerified(constituentId: number): Promise<boolean>;
}

export function verifyEmailLinkPath(token: string): string {
  return `/account/verify-email/?token=${token}`;
}

/**
 * Queues the welcome email a new account gets, with its first verification
 * link, in `db`: the caller's transaction that creates the account, so the
 * account, its token and the email commit together.
 */
export async function sendWelcomeEmail(
  deps: Pick<VerificationDependencies, "mailer" | "publicUrl">,
  db: Kysely<Database>,
  person: { id: number; email: string; first_name: string },
  now: Date,
): Promise<void> {
  const token = await issueVerificationToken(db, { constituentId: person.id, email: person.email, pendingChoice: null }, now);
  await deps.mailer.send(
    {
      to: person.email,
      template: "welcome",
      context: { firstName: person.first_name, verifyUrl: deps.publicUrl + verifyEmailLinkPath(token), expiresInDays: VERIFICATION_TOKEN_LIFETIME_MINUTES / 1440 },
    },
    { db },
  );
}

export function createEmailVerificationService(deps: VerificationDependencies): EmailVerificationService {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());

  return {
    async sendVerificationLink(constituentId, choice) {
      const now = clock();
      const person = await db
        .selectFrom("constituents")
        .select(["email", "first_name"])
        .where("id", "=", constituentId)
        .where("kind", "=", "individual")
        .executeTakeFirst();
      if (!person?.email) return { kind: "no-account" };
      const email = person.email;
      const quota = await deps.rateLimiter.hit(`verify-email-links:${constituentId}`, LINKS_PER_PERSON_PER_HOUR, 60 * 60 * 1000);
      if (!quota.allowed) return { kind: "rate-limited" };
      await inTransaction(db, async (trx) => {
        const token = await issueVerificationToken(trx, { constituentId, email, pendingChoice: choice && JSON.stringify(choice) }, now);
        await deps.mailer.send(
          {
            to: email,
            template: "verify-email",
            context: { firstName: person.first_name, verifyUrl: deps.publicUrl + verifyEmailLinkPath(token), expiresInDays: VERIFICATION_TOKEN_LIFETIME_MINUTES / 1440 },
          },
          { db: trx },
        );
      });
      return { kind: "sent", sentTo: email };
    },

    async verify(token, signedInAs) {
      const spent = await consumeVerificationToken(db, token, clock());
      if (!spent) return { kind: "unusable-token" };
      const wizardPath = LINK_SCHOOL_WIZARD_PATH + (spent.resumeKey ? `&resume=${spent.resumeKey}` : "");
      if (signedInAs === spent.constituentId) return { kind: "verified", wizardPath };
      if (signedInAs !== undefined) return { kind: "verified-for-another-account", email: spent.email };
      return { kind: "verified-signed-out", wizardPath };
    },

    async resumeFor(constituentId, resumeKey) {
      return parseStoredChoice(await pendingChoiceByResumeKey(db, resumeKey, constituentId, clock()));
    },

    verifiedEmail: (constituentId) => verifiedEmailOf(db, constituentId),
    isEmailVerified: async (constituentId) => (await verifiedEmailOf(db, constituentId)) !== undefined,
  };
}
