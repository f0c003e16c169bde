import { formatLondonDate, membershipStatus } from "../../../../server/domain/membership-status";

describe("membershipStatus", () => {
  const now = new Date("2026-03-10T12:00:00Z");

  it("is none without memberships", () => {
    expect(membershipStatus([], now)).toEqual({ state: "none" });
  });

  it("is valid while the latest expiry is later than now, and expired once it is not", () => {
    const lapsed = { expires_at: "2026-02-01T00:00:00.000Z" };
    const renewed = { expires_at: "2027-02-01T00:00:00.000Z" };
    expect(membershipStatus([lapsed, renewed], now)).toEqual({ state: "valid", expiresAt: renewed.expires_at });
    expect(membershipStatus([lapsed], now)).toEqual({ state: "expired", expiresAt: lapsed.expires_at });
    expect(membershipStatus([{ expires_at: now.toISOString() }], now).state).toBe("expired");
  });
});

describe("formatLondonDate", () => {
  it("gives the London calendar day, across the clock change", () => {
    expect(formatLondonDate("2026-11-21T12:00:00Z")).toBe("21 November 2026");
    // 23:30 UTC on 31 May is 00:30 on 1 June in London (BST).
    expect(formatLondonDate(new Date("2026-05-31T23:30:00Z"))).toBe("1 June 2026");
  });

  it("says each instant's own day when asked again, and after more instants than it remembers", () => {
    const start = Date.parse("2026-01-01T12:00:00Z");
    const instants = Array.from({ length: 10_050 }, (_, index) => new Date(start + index * 3_600_000).toISOString());
    const first = instants.map((instant) => formatLondonDate(instant));
    expect(instants.map((instant) => formatLondonDate(instant))).toEqual(first);
    // 20:00 UTC on 3 January 2026 (GMT) is that evening; 23:30 UTC on 31 May is 1 June in London (BST), asked twice as text.
    expect(first[56]).toBe("3 January 2026");
    expect(formatLondonDate("2026-05-31T23:30:00Z")).toBe("1 June 2026");
    expect(formatLondonDate("2026-05-31T23:30:00Z")).toBe("1 June 2026");
    expect(() => formatLondonDate("not a date")).toThrow(RangeError);
  });
});
