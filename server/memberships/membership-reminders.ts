import type { Kysely } from "kysely";
import type { CrmIds, CrmPort, EndingMembership } from "../crm";
import { hotQuery } from "../db/hot-query";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import { formatLondonDate } from "../domain/membership-status";
import { describePlan, formatPounds } from "../domain/plans";
import { submittedRecord } from "../domain/submitted-fields";
import type { Logger } from "../logging";
import type { Mailer, MailRequest } from "../mail/mailer";
import { addDays, londonDateOf, londonWallClockToUtc } from "../shared/london-time";
import { refuse, type Outcome } from "../shared/refusal";

/*
 * Membership reminders (issue 29, docs/memberships.md "Reminders"): before a
 * membership ends (MEMBERSHIP_REMINDER_DAYS, 30, 7 and 0 days by default) its
 * person, or for a school each of its current admins, gets an email through
 * the outbox with a link to renew. Each reminder goes once per membership
 * term, however many processes look: sending one is a claim (a row of
 * membership_reminders, unique per membership, expiry and days) and the
 * mails written in the same transaction, so a second process's claim of the
 * same reminder inserts nothing and sends nothing (on PostgreSQL its insert
 * waits for the first transaction, then finds the row).
 *
 * A membership that renews by card at its end is not "ending": a yearly one
 * gets one renewal notice per term instead (to its payer, whatever their
 * reminder choice, as the card is charged: the first reminder day due), and a
 * monthly one, renewed each month, gets none.
 */

const DAY_MS = 86_400_000;

/** A membership's last day as a London date (as dueReminderDays counts it): one ending at midnight ends the day before. */
const lastDayOf = (membership: EndingMembership) => formatLondonDate(new Date(Date.parse(membership.ExpirationDateTime) - 1));

/** Where a reminder's links go (the renewal, and the setting that stops reminders). */
export const REMINDER_SETTING_PATH = "/account/my-account/#membership-reminders";
/** The wizard, starting at the plans of the membership still current (server/memberships/lapsed-renewal.ts, `early`). */
const RENEW_PATH = "/account/register/?link-school=true&renew=individual&next=%2Faccount%2Fmy-account%2F";
/** The Membership tab, where "Turn automatic renewal back on" renews with the card on file. */
const CARD_RENEW_PATH = "/account/my-account/#renewing-plans";
const SCHOOL_RENEW_PATH = "/account/register/?link-school=true&renew=school&next=%2Faccount%2Fmy-account%2F%23school";

export interface MembershipRemindersDeps {
  db: Kysely<Database>;
  crm: CrmPort;
  ids: CrmIds;
  mailer: Mailer;
  logger: Logger;
  /** The site's public address, without a trailing slash. */
  publicUrl: string;
  /** Days before the end to remind (0: the day it ends), MEMBERSHIP_REMINDER_DAYS. */
  reminderDays: readonly number[];
  /** The membership's plan by card, if any: who pays, the plan, how much, how often, whether it renews (the payments capability's renewalByCard). */
  renewalByCard(membershipId: number): Promise<RenewalByCard | undefined>;
}

/** A membership's plan by card, not ended, as the payments capability keeps it. */
export interface RenewalByCard {
  payerId: number;
  amountPence: number;
  period: "month" | "year";
  planType: string;
  numberOfUsers: number;
  /** On: it renews at the end. Off: the card is on file, and turning renewal back on renews it. */
  renews: boolean;
}

export interface MembershipReminders {
  /** Sends every reminder due at `now` and not sent yet; answers how many this call sent (claimed). */
  sendDue(now: Date): Promise<{ sent: number }>;
  /** Whether the person gets reminders (the default) or asked for none. */
  remindersWanted(personId: number): Promise<boolean>;
  /** Turns the person's reminders on or off (receipts are not affected). */
  setRemindersWanted(personId: number, wanted: boolean, now: Date): Promise<void>;
  /**
   * My account's checkbox, as sent: `reminders` "on" (ticked) or true keeps
   * them, absent (unticked: a browser sends nothing) or false stops them;
   * anything else is refused.
   */
  chooseReminders(personId: number, submitted: unknown, now: Date): Promise<Outcome<{ wanted: boolean }>>;
}

export const REMINDER_CHOICE_MESSAGE = "Tick the box to get reminders, or untick it to stop them, then save your choice.";

/**
 * Which reminder is due at `now` for a membership ending at `expiresAt`:
 * reminder d is due from the London midnight d calendar days before its last
 * day (the London day of its last moment: one ending at midnight ends the
 * day before), until it ends. The most recent one due wins (a round that
 * first looks 5 days before the end sends the 7-day one, not the 30-day one
 * late). Nothing once it has ended: a membership ended early (a full refund)
 * hears nothing. A reminder due before the term began (`startsAt`) is never
 * sent: a monthly membership bought today does not hear "30 days left"
 * tomorrow. Undefined: none.
 */
/** Which of these people asked for no reminders, built once per count of people (db/hot-query.ts): My account asks on every view. */
const optedOutAmong = hotQuery((db, personIds: readonly number[]) => db.selectFrom("membership_reminder_opt_outs").select("person_id").where("person_id", "in", personIds));

export function dueReminderDays(expiresAt: Date, now: Date, reminderDays: readonly number[], startsAt?: Date): number | undefined {
  if (now.getTime() >= expiresAt.getTime()) return undefined;
  const lastDay = londonDateOf(new Date(expiresAt.getTime() - 1));
  const dueFrom = (days: number) => londonWallClockToUtc(addDays(lastDay, -days), "00:00").getTime();
  return [...reminderDays]
    .sort((a, b) => a - b)
    .filter((days) => startsAt === undefined || dueFrom(days) > startsAt.getTime())
    .find((days) => dueFrom(days) <= now.getTime());
}

export function createMembershipReminders(deps: MembershipRemindersDeps): MembershipReminders {
  const { db, crm, ids, mailer, logger, publicUrl, reminderDays } = deps;
  const longest = Math.max(0, ...reminderDays);
  const roleTypes = new Set([ids.affiliationTypes.teacher, ids.affiliationTypes.user, ids.affiliationTypes.admin]);

  async function optedOut(personIds: readonly number[]): Promise<Set<number>> {
    if (personIds.length === 0) return new Set();
    const rows = await optedOutAmong(db, [...personIds]);
    return new Set(rows.map((row) => Number(row.person_id)));
  }

  /**
   * The mails of one reminder: the person's own, or one to each of a school's
   * current admins; empty when all opted out. `cardPayerId`: whose card is on
   * file for it (renewal turned off); that person's mail offers to renew with
   * it in one click (the Membership tab's "Turn automatic renewal back on").
   */
  async function mailsFor(membership: EndingMembership, daysBefore: number, now: Date, cardPayerId?: number): Promise<MailRequest[]> {
    const common = { daysBefore, endsOn: lastDayOf(membership), optOutUrl: `${publicUrl}${REMINDER_SETTING_PATH}` };
    const cardRenewal = (personId: number) => (personId === cardPayerId ? `${publicUrl}${CARD_RENEW_PATH}` : "");
    if (membership.ConstituentType.Id !== ids.constituentTypes.organisation) {
      const personId = membership.Constituent.Id;
      if ((await optedOut([personId])).has(personId)) return [];
      const person = await crm.personContact(personId);
      if (!person?.Email) return [];
      return [{ to: person.Email, template: "membership-reminder", context: { ...common, firstName: person.FirstName, renewUrl: `${publicUrl}${RENEW_PATH}`, cardRenewUrl: cardRenewal(personId) } }];
    }
    // Who holds a seat now (reminders go only while it is current).
    const held = (await crm.affiliations({ groupConstituentId: membership.Constituent.Id, currentAt: now })).filter((affiliation) =>
      roleTypes.has(affiliation.AffiliationType.Id),
    );
    const seatHolders = new Set(held.map((affiliation) => affiliation.IndividualConstituent.Id)).size;
    const adminIds = [...new Set(held.filter((affiliation) => affiliation.AffiliationType.Id === ids.affiliationTypes.admin).map((affiliation) => affiliation.IndividualConstituent.Id))];
    const stopped = await optedOut(adminIds);
    const mails: MailRequest[] = [];
    for (const adminId of adminIds.filter((id) => !stopped.has(id))) {
      const admin = await crm.personContact(adminId);
      if (!admin?.Email) continue;
      mails.push({
        to: admin.Email,
        template: "school-membership-reminder",
        context: { ...common, firstName: admin.FirstName, schoolName: membership.Constituent.DisplayName, seatHolders, renewUrl: `${publicUrl}${SCHOOL_RENEW_PATH}`, cardRenewUrl: cardRenewal(adminId) },
      });
    }
    return mails;
  }

  /** The yearly plan's one notice before its card is charged again: to the payer. */
  async function renewalNoticeFor(membership: EndingMembership, renewal: RenewalByCard): Promise<MailRequest[]> {
    const payer = await crm.personContact(renewal.payerId);
    if (!payer?.Email) return [];
    const school = membership.ConstituentType.Id === ids.constituentTypes.organisation ? membership.Constituent.DisplayName : "";
    const renewsOn = lastDayOf(membership);
    return [
      {
        to: payer.Email,
        template: "membership-renewal-notice",
        context: { firstName: payer.FirstName, plan: describePlan(ids.membershipLevels, renewal.planType, renewal.numberOfUsers), amount: formatPounds(renewal.amountPence), renewsOn, schoolName: school, membershipUrl: `${publicUrl}/account/my-account/#membership` },
      },
    ];
  }

  /** Whether any reminder (or the renewal notice) of this term has gone. */
  async function remindedThisTerm(membership: EndingMembership): Promise<boolean> {
    const row = await db.selectFrom("membership_reminders").select("id").where("membership_id", "=", membership.Id).where("expires_at", "=", membership.ExpirationDateTime).executeTakeFirst();
    return row !== undefined;
  }

  /** Claims the reminder and writes its mails in one transaction: false when another process (or an earlier run) has it. */
  async function claimAndSend(membership: EndingMembership, daysBefore: number, mails: readonly MailRequest[], now: Date): Promise<boolean> {
    return inTransaction(db, async (trx) => {
      const claimed = await trx
        .insertInto("membership_reminders")
        .values({ membership_id: membership.Id, expires_at: membership.ExpirationDateTime, days_before: daysBefore, recipients: mails.length, sent_at: now.toISOString() })
        .onConflict((conflict) => conflict.columns(["membership_id", "expires_at", "days_before"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!claimed) return false;
      for (const mail of mails) await mailer.send(mail, { db: trx });
      return true;
    });
  }

  async function setRemindersWanted(personId: number, wanted: boolean, now: Date): Promise<void> {
    if (wanted) {
      await db.deleteFrom("membership_reminder_opt_outs").where("person_id", "=", personId).execute();
      return;
    }
    await db
      .insertInto("membership_reminder_opt_outs")
      .values({ person_id: personId, opted_out_at: now.toISOString() })
      .onConflict((conflict) => conflict.column("person_id").doNothing())
      .execute();
  }

  /** A constituent whose later membership outlasts this one loses nothing when it ends. */
  async function outlasted(membership: EndingMembership): Promise<boolean> {
    const ends = Date.parse(membership.ExpirationDateTime);
    return (await crm.memberships(membership.Constituent.Id)).some((other) => other.Id !== membership.Id && Date.parse(other.ExpirationDateTime) > ends);
  }

  return {
    async sendDue(now) {
      if (reminderDays.length === 0) return { sent: 0 };
      // Current memberships ending within the longest reminder ahead (and a day or two more: London days, clock changes).
      const ending = await crm.membershipsEndingBetween(now, new Date(now.getTime() + (longest + 2) * DAY_MS));
      let sent = 0;
      for (const membership of ending) {
        const daysBefore = dueReminderDays(new Date(membership.ExpirationDateTime), now, reminderDays, new Date(membership.InitiationDateTime));
        if (daysBefore === undefined) continue;
        const already = await db
          .selectFrom("membership_reminders")
          .select("id")
          .where("membership_id", "=", membership.Id)
          .where("expires_at", "=", membership.ExpirationDateTime)
          .where("days_before", "=", daysBefore)
          .executeTakeFirst();
        if (already || (await outlasted(membership))) continue;
        const byCard = await deps.renewalByCard(membership.Id);
        const renewal = byCard?.renews ? byCard : undefined;
        // Renewed each month by card: nothing ends, nothing to say (the receipt comes).
        if (renewal?.period === "month") continue;
        if (renewal && (await remindedThisTerm(membership))) continue;
        const mails = renewal ? await renewalNoticeFor(membership, renewal) : await mailsFor(membership, daysBefore, now, byCard?.payerId);
        if (await claimAndSend(membership, daysBefore, mails, now)) {
          sent += 1;
          logger.info({ membershipId: membership.Id, daysBefore, recipients: mails.length }, "membership reminder sent");
        }
      }
      return { sent };
    },

    async chooseReminders(personId, submitted, now) {
      const value = submittedRecord(submitted).reminders;
      const wanted = value === "on" || value === true ? true : value === undefined || value === false ? false : undefined;
      if (wanted === undefined) return refuse("invalid", REMINDER_CHOICE_MESSAGE, { errors: { reminders: [REMINDER_CHOICE_MESSAGE] } });
      await setRemindersWanted(personId, wanted, now);
      return { ok: true, value: { wanted } };
    },

    async remindersWanted(personId) {
      return !(await optedOut([personId])).has(personId);
    },

    setRemindersWanted,
  };
}

/** The person's reminder choice, for "Download my data": whether they get reminders, and since when they asked for none. */
export async function reminderChoiceForExport(db: Kysely<Database>, personId: number): Promise<{ wanted: boolean; optedOutAt: string | null }> {
  const row = await db.selectFrom("membership_reminder_opt_outs").select("opted_out_at").where("person_id", "=", personId).executeTakeFirst();
  return { wanted: !row, optedOutAt: row?.opted_out_at ?? null };
}

/** Part of erasing an account (server/privacy/account-deletion.ts): the person's reminder choice goes. `db` may be the erasure's transaction. */
export async function forgetReminderChoice(db: Kysely<Database>, personId: number): Promise<void> {
  await db.deleteFrom("membership_reminder_opt_outs").where("person_id", "=", personId).execute();
}
