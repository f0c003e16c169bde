import { accessFromMemberships } from "../../../server/domain/member-access";
import { accessPrompt } from "../../../server/resources/resource-access-prompt";

const now = new Date("2026-03-01T12:00:00Z");

describe("accessFromMemberships", () => {
  it("is a member while any membership runs", () => {
    expect(accessFromMemberships([{ expires_at: "2025-01-01T00:00:00Z" }, { expires_at: "2026-03-02T00:00:00Z" }], now)).toEqual({ kind: "member" });
  });

  it("says when the latest membership ended, once all have", () => {
    expect(accessFromMemberships([{ expires_at: "2025-06-30T23:00:00Z" }, { expires_at: "2024-01-01T00:00:00Z" }], now)).toEqual({
      kind: "expired",
      expiredOn: "2025-06-30T23:00:00Z",
    });
    // Valid only while the expiry is later than now.
    expect(accessFromMemberships([{ expires_at: now.toISOString() }], now).kind).toBe("expired");
  });

  it("is no-membership with none", () => {
    expect(accessFromMemberships([], now)).toEqual({ kind: "no-membership" });
  });
});

describe("accessPrompt", () => {
  const page = "/resources/macbeth/?from=home";

  it("has none for a member", () => {
    expect(accessPrompt({ kind: "member" }, page, 3)).toBeUndefined();
  });

  it("offers a visitor Sign in (back to this page) and Join", () => {
    const prompt = accessPrompt({ kind: "signed-out" }, page, 3)!;
    expect(prompt.reason).toContain("You are not signed in");
    expect(prompt.reason).toContain("with its 3 activities");
    expect(prompt.actions.map((action) => [action.label, action.href])).toEqual([
      ["Sign in", "/account/login/?next=%2Fresources%2Fmacbeth%2F%3Ffrom%3Dhome"],
      ["Join", "/account/register/"],
    ]);
  });

  it("tells a signed-in person without a membership why, and offers Join", () => {
    const prompt = accessPrompt({ kind: "no-membership" }, page, 1)!;
    expect(prompt.reason).toContain("you have no membership");
    expect(prompt.reason).toContain("with its activity,");
    expect(prompt.actions).toEqual([{ href: "/account/register/", label: "Join", primary: true }]);
  });

  it("gives a lapsed member the London date it ended and a renew link", () => {
    const prompt = accessPrompt({ kind: "expired", expiredOn: "2025-06-30T23:30:00Z" }, page, 0)!;
    expect(prompt.reason).toContain("Your membership ended on 1 July 2025.");
    expect(prompt.actions[0]).toEqual({
      href: "/account/register/?link-school=true&next=%2Fresources%2Fmacbeth%2F%3Ffrom%3Dhome",
      label: "Renew your membership",
      primary: true,
    });
  });
});
