import type { Logger } from "../logging";

export interface ReminderSchedulerOptions {
  /** One round: sends the reminders due at `now` (MembershipReminders.sendDue). */
  sendDue(now: Date): Promise<{ sent: number }>;
  logger: Logger;
  /** How often to look: often enough that a membership ending soon after a London midnight still hears on its last day. */
  intervalMs?: number;
  clock?: () => Date;
}

const defaultIntervalMs = 15 * 60_000;

/**
 * Runs the membership reminders (docs/memberships.md "Reminders") at start
 * and then every interval (15 minutes). Each serving process runs one, as each runs an
 * outbox worker: the claims (membership-reminders.ts) make every reminder go
 * once, whichever process gets there first.
 */
export class ReminderScheduler {
  private readonly intervalMs: number;
  private readonly clock: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(private readonly options: ReminderSchedulerOptions) {
    this.intervalMs = options.intervalMs ?? defaultIntervalMs;
    this.clock = options.clock ?? (() => new Date());
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.tick();
  }

  /** Stops looking and waits for a round in hand to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private tick(): void {
    if (this.stopped) return;
    this.running = this.round().finally(() => {
      this.running = undefined;
      if (this.stopped) return;
      this.timer = setTimeout(() => this.tick(), this.intervalMs);
      this.timer.unref();
    });
  }

  private async round(): Promise<void> {
    try {
      const { sent } = await this.options.sendDue(this.clock());
      if (sent > 0) this.options.logger.info({ sent }, "membership reminders: round done");
    } catch (error) {
      // A CRM or database outage: the next round tries again, and a claim rolled back is claimed again then.
      this.options.logger.warn({ err: error }, "membership reminders: could not send this round; trying again at the next");
    }
  }
}
