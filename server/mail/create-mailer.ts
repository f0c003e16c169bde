import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/schema";
import type { Logger } from "../logging";
import { createMailRenderer } from "./mail-renderer";
import type { ClosableMailer } from "./mailer";
import { OutboxMailer } from "./outbox-mailer";
import { SmtpMailer } from "./smtp-mailer";

/** SMTP when MAIL_URL is set; otherwise the embedded outbox, read at /dev/mailbox/. */
export function createMailer(options: {
  config: Pick<Config, "mailUrl" | "mailFrom" | "staffEmail" | "publicUrl" | "nodeEnv">;
  db: Kysely<Database>;
  logger: Logger;
  templatesDir: string;
}): ClosableMailer {
  const { config, db, logger, templatesDir } = options;
  const renderer = createMailRenderer(templatesDir, {
    organisationName: displayNameOf(config.mailFrom),
    siteUrl: config.publicUrl,
    supportEmail: config.staffEmail,
  });
  if (config.mailUrl) return new SmtpMailer({ url: config.mailUrl, from: config.mailFrom, db, renderer, logger });
  if (config.nodeEnv === "production") {
    logger.warn("MAIL_URL is not set: emails are only written to the mail_outbox table, and nobody receives them.");
  }
  return new OutboxMailer({ db, renderer, from: config.mailFrom });
}

/** "Greyfriars Playhouse" from "Greyfriars Playhouse <no-reply@…>"; a bare address stands for itself. */
export function displayNameOf(mailbox: string): string {
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(mailbox)?.[1]?.trim();
  return name || mailbox.trim();
}
