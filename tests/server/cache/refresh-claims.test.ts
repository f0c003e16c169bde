import { REFRESH_GIVE_UP_MS, RefreshClaims } from "../../../server/cache/refresh-claims";

describe("RefreshClaims: one refresh at a time for a kept page past its TTL", () => {
  const clock = { now: 1_000 };
  const claims = new RefreshClaims(() => clock.now);

  it("gives a key to the first request only, says a refresh is under way meanwhile, and frees it when done", () => {
    expect(claims.underWay("/a/")).toBe(false);
    expect(claims.claim("/a/")).toBe(true);
    expect(claims.underWay("/a/")).toBe(true);
    expect(claims.claim("/a/")).toBe(false);
    // Another key is its own.
    expect(claims.claim("/b/")).toBe(true);
    claims.done("/a/");
    expect(claims.underWay("/a/")).toBe(false);
    expect(claims.claim("/a/")).toBe(true);
  });

  it("lets another request claim a key whose refresh never finished, after REFRESH_GIVE_UP_MS", () => {
    expect(claims.claim("/stuck/")).toBe(true);
    clock.now += REFRESH_GIVE_UP_MS - 1;
    expect(claims.claim("/stuck/")).toBe(false);
    clock.now += 1;
    expect(claims.underWay("/stuck/")).toBe(false);
    expect(claims.claim("/stuck/")).toBe(true);
  });
});
