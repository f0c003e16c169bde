import { latestMembership, membershipIsValid } from "../../../server/domain/membership";

const now = new Date("2026-03-01T12:00:00.000Z");

describe("membershipIsValid", () => {
  it("is valid only while the expiry is later than now", () => {
    expect(membershipIsValid("2026-03-01T12:00:00.001Z", now)).toBe(true);
    expect(membershipIsValid("2026-03-01T12:00:00.000Z", now)).toBe(false);
    expect(membershipIsValid(new Date("2025-12-31T00:00:00Z"), now)).toBe(false);
  });

  it("is not valid without a readable expiry", () => {
    expect(membershipIsValid(null, now)).toBe(false);
    expect(membershipIsValid(undefined, now)).toBe(false);
    expect(membershipIsValid("soon", now)).toBe(false);
  });
});

describe("latestMembership", () => {
  it("picks the one that runs longest", () => {
    const renewed = { id: 2, expires_at: "2027-01-01T00:00:00.000Z" };
    expect(latestMembership([{ id: 1, expires_at: "2026-01-01T00:00:00.000Z" }, renewed])).toBe(renewed);
    expect(latestMembership([])).toBeUndefined();
  });
});
