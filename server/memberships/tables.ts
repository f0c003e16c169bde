import type { Generated } from "kysely";

/** Row types of the memberships capability's tables (migrations 0033, 0037). */

/** A reminder sent: its claim, unique per membership, term (expires_at) and days before the end. */
export interface MembershipRemindersTable {
  id: Generated<number>;
  membership_id: number;
  /** The term's expiry (ISO 8601) when the reminder was sent: a renewal in place starts a new term, with its own reminders. */
  expires_at: string;
  /** 30, 7, 0…: one of MEMBERSHIP_REMINDER_DAYS. */
  days_before: number;
  /** How many mails it sent (0: everyone had opted out or had no address). */
  recipients: number;
  sent_at: string;
}

/** A person who asked for no membership reminders. */
export interface MembershipReminderOptOutsTable {
  person_id: number;
  opted_out_at: string;
}

/** A membership whose access is paused, its seats kept (migration 0037): a school's invoice unpaid at 60 days. */
export interface MembershipSuspensionsTable {
  membership_id: number;
  reason: "invoice-unpaid";
  suspended_at: string;
}

export interface MembershipTables {
  membership_suspensions: MembershipSuspensionsTable;
  membership_reminders: MembershipRemindersTable;
  membership_reminder_opt_outs: MembershipReminderOptOutsTable;
}
