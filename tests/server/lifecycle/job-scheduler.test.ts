import { capturedLogger } from "../memberships/support";
import { JobScheduler } from "../../../server/lifecycle/job-scheduler";

describe("JobScheduler", () => {
  it("runs every job at start and then every interval, each with the round's one reading of its clock, until stopped", async () => {
    const seen: { job: string; now: Date }[] = [];
    const at = new Date("2027-02-18T01:00:00Z");
    const job = (name: string) => ({
      name,
      run: async (now: Date) => {
        seen.push({ job: name, now });
        return { done: 0 };
      },
    });
    const scheduler = new JobScheduler({ jobs: [job("reminders"), job("chasing")], logger: capturedLogger().logger, intervalMs: 10, clock: () => at });
    scheduler.start();
    await vi.waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(6), { timeout: 5_000 });
    await scheduler.stop();
    const rounds = seen.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.length).toBe(rounds);
    expect(seen.every(({ now }) => now === at)).toBe(true);
    expect(seen.slice(0, 4).map(({ job }) => job)).toEqual(["reminders", "chasing", "reminders", "chasing"]);
  });

  it("logs a failed job and still runs the others; the failed one is tried again at the next round; stop waits for the round in hand", async () => {
    const { logger, lines } = capturedLogger();
    let calls = 0;
    let inRound = false;
    let otherRuns = 0;
    const scheduler = new JobScheduler({
      jobs: [
        {
          name: "membership reminders",
          run: async () => {
            calls += 1;
            if (calls === 1) throw new Error("CRM unavailable");
            inRound = true;
            await new Promise((resolve) => setTimeout(resolve, 30));
            inRound = false;
            return { done: 2 };
          },
        },
        {
          name: "invoice chasing",
          run: async () => {
            otherRuns += 1;
            return { done: 0 };
          },
        },
      ],
      logger,
      intervalMs: 5,
    });
    scheduler.start();
    await vi.waitFor(() => expect(inRound).toBe(true), { timeout: 5_000, interval: 1 });
    await scheduler.stop();
    expect(inRound).toBe(false);
    expect(otherRuns).toBeGreaterThanOrEqual(1);
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, job: "membership reminders", msg: "membership reminders: could not finish this round; trying again at the next" }));
    expect(lines).toContainEqual(expect.objectContaining({ level: 30, done: 2, msg: "membership reminders: round done" }));
  });
});
