import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { nextAttemptAt, type RetryPolicy } from "./mail-retry";
import type { Logger } from "../logging";
import type { MailTransport } from "./mail-transport";
import { claimDueMessages, markAttemptFailed, markDelivered, OUTBOX_RECORD_RETENTION_DAYS, pruneOutbox, type OutboxMessage } from "./outbox";

export interface OutboxWorkerOptions {
  db: Kysely<Database>;
  transport: MailTransport;
  logger: Logger;
  retry: RetryPolicy;
  /** How often to look for due messages besides the wake-ups after a commit (retries, other processes' rows, a crashed worker's). */
  pollIntervalMs?: number;
  /** How long a claim holds a row; past it, the row is due again. Longer than a batch's sends can take (SMTP timeouts). */
  leaseMs?: number;
  /** Messages claimed, and sent concurrently, at a time. */
  batchSize?: number;
  clock?: () => Date;
}

const defaults = { pollIntervalMs: 5_000, leaseMs: 5 * 60_000, batchSize: 10 };
const pruneEveryMs = 60 * 60_000;
const dayMs = 24 * 60 * 60_000;

/**
 * Delivers the outbox (docs/mail.md, "Delivery and retries"). Each process
 * runs one; they share the table safely, since a claim is one atomic
 * statement (outbox.ts). A failed attempt is tried again after a growing
 * wait (server/mail/mail-retry.ts), and given up after the last one.
 * Delivery is at least once: a process that dies between the server's
 * acceptance and the row's update sends that message again after the lease.
 */
export class OutboxWorker {
  private readonly settings: Required<Omit<OutboxWorkerOptions, "clock">> & { clock: () => Date };
  private running: Promise<void> | undefined;
  private wokenWhileRunning = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  /** The earliest retry this worker set in the current round: it wakes then, if sooner than the poll. */
  private soonestRetry: number | undefined;
  /** When this worker last deleted records past their retention; every process prunes, at most hourly. */
  private lastPrunedAt = -Infinity;

  constructor(options: OutboxWorkerOptions) {
    // An option given as undefined keeps its default (spread alone would put undefined over it).
    this.settings = {
      ...options,
      pollIntervalMs: options.pollIntervalMs ?? defaults.pollIntervalMs,
      leaseMs: options.leaseMs ?? defaults.leaseMs,
      batchSize: options.batchSize ?? defaults.batchSize,
      clock: options.clock ?? (() => new Date()),
    };
  }

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Looks for due messages now (called after a message is committed), or right after the current round. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.wokenWhileRunning) {
        this.wokenWhileRunning = false;
        this.wake();
      } else if (!this.stopped) {
        const untilRetry = this.soonestRetry === undefined ? Infinity : this.soonestRetry - this.settings.clock().getTime();
        this.soonestRetry = undefined;
        this.timer = setTimeout(() => this.wake(), Math.max(0, Math.min(this.settings.pollIntervalMs, untilRetry)));
        this.timer.unref();
      }
    });
  }

  /** Stops polling and waits for the messages in hand to be sent and recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Claims and sends batches until none is due. */
  private async drain(): Promise<void> {
    const { db, batchSize, leaseMs, clock, logger } = this.settings;
    await this.pruneWhenDue();
    while (!this.stopped) {
      const now = clock();
      let batch: OutboxMessage[];
      try {
        batch = await claimDueMessages(db, { now, leaseUntil: new Date(now.getTime() + leaseMs), limit: batchSize });
      } catch (error) {
        logger.warn({ err: error }, "mail outbox: could not claim due messages; trying again at the next poll");
        return;
      }
      await Promise.all(batch.map((message) => this.deliver(message)));
      if (batch.length < batchSize) return;
    }
  }

  /** Records of messages sent or given up are kept OUTBOX_RECORD_RETENTION_DAYS (the privacy page says so). */
  private async pruneWhenDue(): Promise<void> {
    const { db, clock, logger } = this.settings;
    const now = clock().getTime();
    if (now - this.lastPrunedAt < pruneEveryMs) return;
    this.lastPrunedAt = now;
    try {
      const deleted = await pruneOutbox(db, new Date(now - OUTBOX_RECORD_RETENTION_DAYS * dayMs));
      if (deleted > 0) logger.info({ deleted }, "mail outbox: records past their retention deleted");
    } catch (error) {
      logger.warn({ err: error }, "mail outbox: could not delete old records; trying again in an hour");
    }
  }

  private async deliver(message: OutboxMessage): Promise<void> {
    const { db, transport, retry, clock, logger } = this.settings;
    const log = { outboxId: message.id, template: message.template, attempt: message.attempts };
    try {
      try {
        await transport.deliver({
          from: message.from_address,
          to: message.to_address,
          replyTo: message.reply_to ?? undefined,
          subject: message.subject,
          // Null only if a row was written without bodies, which the mailer never does.
          text: message.text_body ?? "",
          html: message.html_body ?? "",
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const at = clock();
        const retryAt = nextAttemptAt(retry, message.attempts, at);
        await markAttemptFailed(db, message, { error: reason, retryAt, at });
        if (retryAt) this.soonestRetry = Math.min(this.soonestRetry ?? Infinity, retryAt.getTime());
        if (retryAt) logger.warn({ ...log, reason, retryAt: retryAt.toISOString() }, "email not sent yet; will try again");
        else logger.error({ ...log, reason }, `email given up after ${message.attempts} attempts`);
        return;
      }
      const recorded = await markDelivered(db, message, { at: clock(), clearBodies: !transport.keepsBodies });
      if (!recorded) logger.warn(log, "email sent after its claim ran out; another worker may send it again");
    } catch (error) {
      // The outcome could not be recorded (database down): the lease runs out and the message is tried again.
      logger.error({ ...log, err: error }, "mail outbox: could not record a delivery attempt");
    }
  }
}
