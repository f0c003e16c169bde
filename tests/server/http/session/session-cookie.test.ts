import { createHmac } from "node:crypto";
import { rollingSessionCookie, signedSessionCookie } from "../../../../server/http/session/session-cookie";

/*
 * The member lane reads and sets the session cookie as express-session does
 * (server/http/session/session-cookie.ts); member-lane.test.ts compares the
 * cookie with express-session's own. Here, what it takes and refuses.
 */

const secret = "s".repeat(40);
const options = { name: "sid", secret, maxAgeMs: 120 * 60_000, secure: false };
const sign = (id: string, key = secret) => `s:${id}.${createHmac("sha256", key).update(id).digest("base64").replace(/=+$/, "")}`;
const cookieOf = (id: string, key = secret) => `sid=${encodeURIComponent(sign(id, key))}`;
const signedSessionId = (header: string | undefined, given: typeof options) => signedSessionCookie(header, given)?.id;

describe("the session cookie, as the member lane reads it", () => {
  it("takes the id of a cookie signed with the site's secret, percent-encoded or not, among other cookies", () => {
    expect(signedSessionId(cookieOf("abc123"), options)).toBe("abc123");
    expect(signedSessionId(`theme=dark; sid=${sign("abc123")}; other=1`, options)).toBe("abc123");
    expect(signedSessionId(`sid="${encodeURIComponent(sign("abc123"))}"`, options)).toBe("abc123");
  });

  it("refuses a cookie signed with another secret, altered, unsigned, missing or named twice", () => {
    expect(signedSessionId(cookieOf("abc123", "t".repeat(40)), options)).toBeUndefined();
    expect(signedSessionId(cookieOf("abc123").replace("abc123", "abc124"), options)).toBeUndefined();
    expect(signedSessionId("sid=abc123", options)).toBeUndefined();
    expect(signedSessionId("sid=s%3Aabc123", options)).toBeUndefined();
    expect(signedSessionId("other=1", options)).toBeUndefined();
    expect(signedSessionId(undefined, options)).toBeUndefined();
    expect(signedSessionId(`xsid=${sign("abc123")}`, options)).toBeUndefined();
    expect(signedSessionId(`${cookieOf("abc123")}; ${cookieOf("def456")}`, options)).toBeUndefined();
  });

  it("still refuses a wrong signature, or another secret's, for an id whose right signature it has already checked", () => {
    expect(signedSessionId(cookieOf("seen-before"), options)).toBe("seen-before");
    expect(signedSessionId(cookieOf("seen-before", "t".repeat(40)), options)).toBeUndefined();
    const right = sign("seen-before");
    const altered = `${right.slice(0, -1)}${right.endsWith("A") ? "B" : "A"}`;
    expect(signedSessionId(`sid=${encodeURIComponent(altered)}`, options)).toBeUndefined();
    expect(signedSessionId(cookieOf("seen-before", "t".repeat(40)), { ...options, secret: "t".repeat(40) })).toBe("seen-before");
    expect(signedSessionId(cookieOf("seen-before"), { ...options, secret: "t".repeat(40) })).toBeUndefined();
  });

  it("sets the signed id for the idle timeout from now, HttpOnly and SameSite=Lax, Secure over https", () => {
    const now = Date.UTC(2026, 10, 29, 12, 0, 0);
    const sent = signedSessionCookie(cookieOf("abc123"), options)!;
    expect(sent.signed).toBe(sign("abc123"));
    const cookie = rollingSessionCookie(sent, options, now);
    expect(cookie).toBe(`sid=${encodeURIComponent(sign("abc123"))}; Path=/; Expires=Sun, 29 Nov 2026 14:00:00 GMT; HttpOnly; SameSite=Lax`);
    expect(rollingSessionCookie(sent, { ...options, name: "__Host-sid", secure: true }, now)).toMatch(/^__Host-sid=.*; HttpOnly; Secure; SameSite=Lax$/);
  });
});
