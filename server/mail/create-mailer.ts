import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/schema";
import type { RetryPolicy } from "./mail-retry";
import { defaultRetryPolicy } from "./mail-retry";
import type { Logger } from "../logging";
import { createMailRenderer } from "./mail-renderer";
import { embeddedTransport, smtpTransport } from "./mail-transport";
import type { Mailer } from "./mailer";
import { OutboxMailer } from "./outbox-mailer";
import { OutboxWorker } from "./outbox-worker";

/** The mailer services write with, and this process's worker that delivers what they wrote. */
export interface MailSystem {
  mailer: Mailer;
  worker: OutboxWorker;
  /** Stops the worker (after the sends in hand) and closes the transport. */
  close(): Promise<void>;
}

/**
 * Delivery by SMTP when MAIL_URL is set; otherwise the embedded transport,
 * which marks each message sent as soon as the worker picks it up (read at
 * /dev/mailbox/). The composition root starts the worker; close() stops it.
 */
export function createMailSystem(options: {
  config: Pick<Config, "mailUrl" | "mailFrom" | "staffEmail" | "publicUrl" | "nodeEnv" | "mailFirstRetrySeconds" | "mailMaxAttempts">;
  db: Kysely<Database>;
  logger: Logger;
  templatesDir: string;
  /** Tests: a quicker poll. */
  pollIntervalMs?: number;
}): MailSystem {
  const { config, db, logger, templatesDir } = options;
  const renderer = createMailRenderer(templatesDir, {
    organisationName: displayNameOf(config.mailFrom),
    siteUrl: config.publicUrl,
    supportEmail: config.staffEmail,
  });
  if (!config.mailUrl && config.nodeEnv === "production") {
    logger.warn("MAIL_URL is not set: emails are only written to the mail_outbox table, and nobody receives them.");
  }
  const transport = config.mailUrl ? smtpTransport(config.mailUrl) : embeddedTransport;
  const worker = new OutboxWorker({ db, transport, logger, retry: retryPolicyOf(config), pollIntervalMs: options.pollIntervalMs });
  const mailer = new OutboxMailer({ db, renderer, from: config.mailFrom, onQueued: () => worker.wake() });
  return {
    mailer,
    worker,
    async close() {
      await worker.stop();
      transport.close();
    },
  };
}

function retryPolicyOf(config: Pick<Config, "mailFirstRetrySeconds" | "mailMaxAttempts">): RetryPolicy {
  return { ...defaultRetryPolicy, firstRetryMs: config.mailFirstRetrySeconds * 1000, maxAttempts: config.mailMaxAttempts };
}

/** "Greyfriars Playhouse" from "Greyfriars Playhouse <no-reply@…>"; a bare address stands for itself. */
export function displayNameOf(mailbox: string): string {
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(mailbox)?.[1]?.trim();
  return name || mailbox.trim();
}
