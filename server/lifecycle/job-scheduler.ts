import type { Logger } from "../logging";

/** A piece of background work run on a schedule: it finds what is due at `now` and does it, answering how much it did. */
export interface ScheduledJob {
  /** Names the job in the log ("membership reminders", "invoice chasing"). */
  name: string;
  run(now: Date): Promise<{ done: number }>;
}

export interface JobSchedulerOptions {
  jobs: readonly ScheduledJob[];
  logger: Logger;
  /** How often to look: often enough that a membership ending soon after a London midnight still hears on its last day. */
  intervalMs?: number;
  clock?: () => Date;
}

const defaultIntervalMs = 15 * 60_000;

/**
 * Runs the site's background jobs (membership reminders, chasing unpaid
 * invoices: docs/memberships.md, docs/payments.md) at start and then every
 * interval (15 minutes), one job after another. Each serving process runs
 * one, as each runs an outbox worker: every job claims its work in the
 * database, so each thing it does happens once, whichever process gets
 * there first. A job that fails is logged and tried again at the next
 * round; the others still run.
 */
export class JobScheduler {
  private readonly intervalMs: number;
  private readonly clock: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(private readonly options: JobSchedulerOptions) {
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
    // One clock reading per round: every job sees the same instant.
    const now = this.clock();
    for (const job of this.options.jobs) {
      if (this.stopped) return;
      try {
        const { done } = await job.run(now);
        if (done > 0) this.options.logger.info({ job: job.name, done }, `${job.name}: round done`);
      } catch (error) {
        // A CRM or database outage: the next round tries again, and a claim rolled back is claimed again then.
        this.options.logger.warn({ err: error, job: job.name }, `${job.name}: could not finish this round; trying again at the next`);
      }
    }
  }
}
