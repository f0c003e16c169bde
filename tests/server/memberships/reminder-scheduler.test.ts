import { capturedLogger } from "./support";
import { ReminderScheduler } from "../../../server/memberships/reminder-scheduler";

describe("ReminderScheduler", () => {
  it("runs a round at start and then every interval, with its clock's time, until stopped", async () => {
    const seen: Date[] = [];
    const at = new Date("2027-02-18T01:00:00Z");
    const scheduler = new ReminderScheduler({
      sendDue: async (now) => {
        seen.push(now);
        return { sent: 0 };
      },
      logger: capturedLogger().logger,
      intervalMs: 10,
      clock: () => at,
    });
    scheduler.start();
    await vi.waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
    await scheduler.stop();
    const rounds = seen.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.length).toBe(rounds);
    expect(seen.every((now) => now === at)).toBe(true);
  });

  it("logs a failed round and tries again at the next; stop waits for the round in hand", async () => {
    const { logger, lines } = capturedLogger();
    let calls = 0;
    let inRound = false;
    const scheduler = new ReminderScheduler({
      sendDue: async () => {
        calls += 1;
        if (calls === 1) throw new Error("CRM unavailable");
        inRound = true;
        await new Promise((resolve) => setTimeout(resolve, 30));
        inRound = false;
        return { sent: 2 };
      },
      logger,
      intervalMs: 5,
    });
    scheduler.start();
    await vi.waitFor(() => expect(inRound).toBe(true), { timeout: 5_000, interval: 1 });
    await scheduler.stop();
    expect(inRound).toBe(false);
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: "membership reminders: could not send this round; trying again at the next" }));
    expect(lines).toContainEqual(expect.objectContaining({ level: 30, sent: 2, msg: "membership reminders: round done" }));
  });
});
