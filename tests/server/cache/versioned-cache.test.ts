import { versionedCache } from "../../../server/cache/versioned-cache";

describe("versionedCache bounded by size", () => {
  it("weighs each answer once computed and drops the least recently used to fit, with no time limit", async () => {
    let clock = 0;
    let computed = 0;
    const cache = versionedCache<string>({
      readVersion: async () => 1,
      ttlMs: Infinity,
      size: { maxBytes: 100, bytesOf: (answer) => answer.length },
      now: () => clock,
    });
    const answer = (key: string, bytes: number) =>
      cache.remember(key, async () => {
        computed++;
        return "x".repeat(bytes);
      });
    await answer("a", 20);
    await answer("b", 20);
    await answer("c", 20);
    clock += 10 ** 9;
    await answer("a", 20);
    expect(computed).toBe(3);
    await answer("d", 25);
    await answer("e", 25);
    // 20 + 20 + 20 + 25 + 25 is over 100: b, the least recently used, went.
    await answer("b", 20);
    await answer("a", 20);
    expect(computed).toBe(6);
  });
});
