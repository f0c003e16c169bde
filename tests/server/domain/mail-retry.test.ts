import { defaultRetryPolicy, nextAttemptAt, retryDelayMs, type RetryPolicy } from "../../../server/mail/mail-retry";

describe("the outbox's retry schedule", () => {
  it("waits 30 s after the first failure, doubling each time, never more than an hour", () => {
    const waits = Array.from({ length: 11 }, (_, index) => retryDelayMs(defaultRetryPolicy, index + 1) / 1000);
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600]);
  });

  it("gives up after the last allowed attempt: twelve in all, about five hours from the first", () => {
    const start = new Date("2026-11-24T09:00:00Z");
    let at = start;
    let attempts = 1;
    for (;;) {
      const next = nextAttemptAt(defaultRetryPolicy, attempts, at);
      if (!next) break;
      at = next;
      attempts += 1;
    }
    expect(attempts).toBe(12);
    expect((at.getTime() - start.getTime()) / 3_600_000).toBeCloseTo(5.06, 2);
  });

  it("follows a configured policy", () => {
    const policy: RetryPolicy = { firstRetryMs: 1000, factor: 3, maxDelayMs: 5000, maxAttempts: 3 };
    const now = new Date("2026-11-24T09:00:00Z");
    expect(nextAttemptAt(policy, 1, now)?.toISOString()).toBe("2026-11-24T09:00:01.000Z");
    expect(nextAttemptAt(policy, 2, now)?.toISOString()).toBe("2026-11-24T09:00:03.000Z");
    expect(nextAttemptAt(policy, 3, now)).toBeNull();
    expect(retryDelayMs(policy, 3)).toBe(5000);
  });
});
