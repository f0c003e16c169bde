import type { Kysely } from "kysely";
import type { CrmPort } from "../crm";
import type { Database } from "../db/schema";
import type { Logger } from "../logging";
import { inTransaction } from "../db/transactions";
import type { Mailer } from "../mail/mailer";
import type { RateLimiter } from "../rate-limit/rate-limit";
import { parseStoredChoice, type PendingChoice } from "./email-verification-choice";
import type { AuditLog } from "../audit";
import { destinationAfterSignIn } from "../../contracts/rules/sign-in-destination";
import { switchEmail } from "./email-change";
import { correctUnconfirmedAddress, type AddressCorrection } from "./unconfirmed-address";
import {
  attachPendingChoice,
  confirmCurrentAddress,
  findVerificationToken,
  isSpendable,
  issueResumeKey,
  issueVerificationToken,
  pendingChoiceByResumeKey,
  spendVerificationToken,
  verifiedEmailOf,
  VERIFICATION_TOKEN_LIFETIME_MINUTES,
  type VerificationTokenRecord,
} from "./email-verification-tokens";
import { loginAnswerFor, type SchoolStandingReader } from "./login";

/** At most this many verification emails per person per hour, so nobody can flood an inbox. */
const LINKS_PER_PERSON_PER_HOUR = 5;

export interface VerificationDependencies {
  db: Kysely<Database>;
  /** The person's primary email lives in the CRM: a confirmed change is made there. */
  crm: Pick<CrmPort, "personContact" | "findPerson" | "changePrimaryEmail" | "inTransaction" | "memberships">;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  logger: Logger;
  /** The site's public address without a trailing slash: links in emails are absolute. */
  publicUrl: string;
  /** Records "email.changed" when an email-change link is followed (docs/audit.md). */
  audit?: AuditLog;
  /** The person's role at their school: with their own memberships, whether their registration is finished. */
  schoolStanding?: SchoolStandingReader;
  clock?: () => Date;
}

/** "sent": a new email went out; "attached": the choice now rides on the link already in their inbox, and nothing was sent. */
export type SendLinkOutcome = { kind: "sent" | "attached"; sentTo: string } | { kind: "rate-limited" } | { kind: "no-account" };

/** Where a person goes on from an already-confirmed link: My account once registered, else the wizard. */
export interface NextStep {
  path: string;
  label: "Continue to My account" | "Continue your registration";
}

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
  /** An email-change link: the account now has `email`. `forSignedIn`: this browser is signed in as them. */
  | { kind: "email-changed"; email: string; forSignedIn: boolean }
  /** An email-change link whose new address another account took meanwhile: nothing changed. */
  | { kind: "email-change-taken"; email: string }
  /**
   * A used or stale link for the address the account has, confirmed: say so and where to go on. `who`
   * is whether this browser is signed in as them ("self"), as someone else, or nobody.
   */
  | AlreadyConfirmed
  | { kind: "unusable-token" };

/**
 * A used or stale link for the address the account has, confirmed. `resumable`: the registration is not
 * finished and this browser is not someone else's, so "Continue your registration" resumes it (with a key
 * in `next.path` once `verify` has issued one).
 */
export interface AlreadyConfirmed {
  kind: "already-confirmed";
  email: string;
  next: NextStep;
  who: "self" | "another" | "nobody";
  resumable: boolean;
}

/**
 * What a link would do, as the page it opens says before anything is spent
 * (a mail scanner opens every link, so opening one changes nothing):
 * "confirmable" offers the button whose POST calls `verify`; the others are
 * `verify`'s answers for a link that can no longer be spent. An already
 * confirmed link's `next` carries no resume key here (issuing one is a
 * write): `resumable` says the button "Continue your registration" should
 * post, and the POST's `verify` issues it.
 */
export type VerifyLinkPreview =
  | { kind: "confirmable"; purpose: "verify" | "change"; email: string }
  | AlreadyConfirmed
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
  /**
   * Records the wizard's `choice` for the person's registration. The link already in their inbox (the welcome
   * email's) then resumes it, and no email is sent; a new one goes out (rate-limited per person) only when
   * none is outstanding, or when `resend` asks for it.
   */
  sendVerificationLink(constituentId: number, choice: PendingChoice | null, options?: { resend?: boolean }): Promise<SendLinkOutcome>;
  /** What following the link would do; reads only (the page a GET of the link shows). */
  preview(token: string, signedInAs: number | undefined): Promise<VerifyLinkPreview>;
  /** Spends the token and confirms its address; `signedInAs` is who this browser is signed in as, if anyone. */
  verify(token: string, signedInAs: number | undefined): Promise<VerifyOutcome>;
  /** "Wrong address? Change it": an unconfirmed address is corrected and a new link goes to it (unconfirmed-address.ts). */
  correctAddress(constituentId: number, typedEmail: string): Promise<AddressCorrection>;
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

const MY_ACCOUNT_PATH = "/account/my-account/";

export function createEmailVerificationService(deps: VerificationDependencies): EmailVerificationService {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());

  /** Finished registering: signing in would go straight on to My account (the sign-in rule). */
  async function registrationFinished(constituentId: number, now: Date): Promise<boolean> {
    const standing = await loginAnswerFor(deps.crm, constituentId, deps.schoolStanding);
    return destinationAfterSignIn(standing, MY_ACCOUNT_PATH, now) === MY_ACCOUNT_PATH;
  }

  async function confirmChange(spent: VerificationTokenRecord, signedInAs: number | undefined, now: Date): Promise<VerifyOutcome> {
    const outcome = await switchEmail(deps, db, spent, now);
    if (outcome.kind === "gone") return { kind: "unusable-token" };
    if (outcome.kind === "taken") {
      deps.logger.warn({ userId: outcome.constituentId }, "email change refused: the new address was taken meanwhile");
      return { kind: "email-change-taken", email: outcome.newEmail };
    }
    await deps.audit?.record({
      event: "email.changed",
      actorId: outcome.constituentId,
      subjectId: outcome.constituentId,
      details: { oldEmail: outcome.oldEmail, newEmail: outcome.newEmail },
    });
    return { kind: "email-changed", email: outcome.newEmail, forSignedIn: signedInAs === outcome.constituentId };
  }

  /**
   * A link that cannot be spent: "already confirmed" when it was for the address the account has, confirmed.
   * `issueKey`: give the registration a fresh resume key (the POST); a preview (the GET) writes nothing.
   */
  async function explainUnspendable(
    record: VerificationTokenRecord | undefined,
    signedInAs: number | undefined,
    now: Date,
    issueKey: boolean,
  ): Promise<AlreadyConfirmed | { kind: "unusable-token" }> {
    if (!record) return { kind: "unusable-token" };
    const verified = await verifiedEmailOf(db, deps.crm, record.constituentId);
    if (verified !== record.email) return { kind: "unusable-token" };
    const who = signedInAs === undefined ? "nobody" : signedInAs === record.constituentId ? "self" : "another";
    let next: NextStep = { path: MY_ACCOUNT_PATH, label: "Continue to My account" };
    let resumable = false;
    if (record.purpose === "verify" && !(await registrationFinished(record.constituentId, now))) {
      // The resume key is of use only to that person, signed in; it is not shown to anyone else signed in here.
      resumable = who !== "another";
      const resumeKey = resumable && issueKey ? await issueResumeKey(db, record, now) : undefined;
      next = { path: LINK_SCHOOL_WIZARD_PATH + (resumeKey ? `&resume=${resumeKey}` : ""), label: "Continue your registration" };
    }
    return { kind: "already-confirmed", email: record.email, next, who, resumable };
  }

  /** Resend and a corrected address share one quota: either sends an email. */
  async function takeLinkQuota(constituentId: number): Promise<boolean> {
    return (await deps.rateLimiter.hit(`verify-email-links:${constituentId}`, LINKS_PER_PERSON_PER_HOUR, 60 * 60 * 1000)).allowed;
  }

  async function mailVerifyLink(trx: Kysely<Database>, person: { email: string; firstName: string; token: string }): Promise<void> {
    const verifyUrl = deps.publicUrl + verifyEmailLinkPath(person.token);
    await deps.mailer.send(
      { to: person.email, template: "verify-email", context: { firstName: person.firstName, verifyUrl, expiresInDays: VERIFICATION_TOKEN_LIFETIME_MINUTES / 1440 } },
      { db: trx },
    );
  }

  return {
    async sendVerificationLink(constituentId, choice, options = {}) {
      const now = clock();
      // The person's address and name through the CRM port (a Tessitura adapter sees the call).
      const person = await deps.crm.personContact(constituentId);
      if (!person?.Email) return { kind: "no-account" };
      const email = person.Email;
      const pendingChoice = choice && JSON.stringify(choice);
      // One email per sign-up: the choice joins the link already sent (the welcome email's), which resumes it.
      const attached = pendingChoice ? await attachPendingChoice(db, constituentId, email, pendingChoice, now) : 0;
      if (attached > 0 && !options.resend) return { kind: "attached", sentTo: email };
      if (!(await takeLinkQuota(constituentId))) return { kind: "rate-limited" };
      await inTransaction(db, async (trx) => {
        const token = await issueVerificationToken(trx, { constituentId, email, pendingChoice }, now);
        await mailVerifyLink(trx, { email, firstName: person.FirstName, token });
      });
      return { kind: "sent", sentTo: email };
    },

    async correctAddress(constituentId, typedEmail) {
      const outcome = await correctUnconfirmedAddress(deps, { constituentId, typedEmail, takeQuota: () => takeLinkQuota(constituentId), mailLink: mailVerifyLink }, clock());
      if (outcome.kind === "changed") {
        await deps.audit?.record({ event: "email.corrected", actorId: constituentId, subjectId: constituentId, details: { oldEmail: outcome.oldEmail, newEmail: outcome.sentTo } });
      }
      return outcome;
    },

    async preview(token, signedInAs) {
      const now = clock();
      const record = await findVerificationToken(db, token);
      if (!record || !isSpendable(record, now)) return explainUnspendable(record, signedInAs, now, false);
      // A "verify" link confirms only the address the account still has (confirmCurrentAddress); a change needs the account.
      const current = (await deps.crm.personContact(record.constituentId))?.Email;
      if (!current || (record.purpose === "verify" && current !== record.email)) return { kind: "unusable-token" };
      return { kind: "confirmable", purpose: record.purpose, email: record.email };
    },

    async verify(token, signedInAs) {
      const now = clock();
      const spent = await spendVerificationToken(db, token, now);
      if (!spent) return explainUnspendable(await findVerificationToken(db, token), signedInAs, now, true);
      if (spent.purpose === "change") return confirmChange(spent, signedInAs, now);
      const confirmed = await confirmCurrentAddress(db, deps.crm, spent, now);
      if (!confirmed) return { kind: "unusable-token" };
      const wizardPath = LINK_SCHOOL_WIZARD_PATH + (confirmed.resumeKey ? `&resume=${confirmed.resumeKey}` : "");
      if (signedInAs === confirmed.constituentId) return { kind: "verified", wizardPath };
      if (signedInAs !== undefined) return { kind: "verified-for-another-account", email: confirmed.email };
      return { kind: "verified-signed-out", wizardPath };
    },

    async resumeFor(constituentId, resumeKey) {
      return parseStoredChoice(await pendingChoiceByResumeKey(db, resumeKey, constituentId, clock()));
    },

    verifiedEmail: (constituentId) => verifiedEmailOf(db, deps.crm, constituentId),
    isEmailVerified: async (constituentId) => (await verifiedEmailOf(db, deps.crm, constituentId)) !== undefined,
  };
}
