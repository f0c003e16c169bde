import { checkInvite, inviteKey, signInvite } from "../../../server/memberships/invite-tokens";

const key = inviteKey("a session secret of at least thirty-two characters");
const now = new Date("2026-11-20T10:00:00.000Z");
const invite = { schoolId: 12, membershipId: 34, email: "ada@example.org" };
const days = (n: number) => new Date(now.getTime() + n * 24 * 60 * 60 * 1000);

describe("invite tokens", () => {
  it("carries the school, membership and email for seven days", () => {
    const token = signInvite(key, invite, now);
    expect(checkInvite(key, token, days(6.9))).toEqual({ ok: true, claims: { ...invite, expiresAt: days(7) } });
    expect(checkInvite(key, token, days(7))).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses a token signed with another key, or changed in any way", () => {
    const token = signInvite(key, invite, now);
    expect(checkInvite(inviteKey("another session secret, also long enough"), token, now)).toEqual({ ok: false, reason: "forged" });
    const [body, mac] = token.split(".");
    const otherBody = Buffer.from(JSON.stringify({ s: 99, m: 34, e: "ada@example.org", x: days(7).getTime() })).toString("base64url");
    expect(checkInvite(key, `${otherBody}.${mac}`, now).ok).toBe(false);
    expect(checkInvite(key, `${body}.`, now).ok).toBe(false);
    expect(checkInvite(key, "", now).ok).toBe(false);
    expect(checkInvite(key, `${token}.extra`, now).ok).toBe(false);
  });
});
