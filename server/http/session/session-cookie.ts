import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * The session cookie as express-session signs and sets it (its
 * `cookie-signature` and `cookie` packages), for the member lane
 * (server/http/member-lane.ts), which answers some signed-in pages without
 * express-session. Its tests compare both byte for byte with what
 * express-session sends, so the two cannot drift apart unseen.
 */

export interface SessionCookieOptions {
  name: string;
  secret: string;
  /** The rolling idle timeout: every answer moves the cookie's expiry to now + this. */
  maxAgeMs: number;
  secure: boolean;
}

function signatureOf(value: string, secret: string): string {
  return createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, "");
}

/** Session ids whose right signature is remembered, at most, per secret; the oldest goes first. */
const KEPT_SIGNATURES = 10_000;
/** Per secret (a process has one; a test may use several), each id's right signature. */
const keptSignatures = new Map<string, Map<string, Buffer>>();

/**
 * The right signature of session id `id`, computed once per id and secret:
 * an HMAC costs about as much as the rest of reading the cookie, and a
 * member's every request sends the same id. It is still compared with the
 * given one in constant time on every request.
 */
function expectedSignature(id: string, secret: string): Buffer {
  let kept = keptSignatures.get(secret);
  if (!kept) keptSignatures.set(secret, (kept = new Map()));
  let signature = kept.get(id);
  if (!signature) {
    signature = Buffer.from(signatureOf(id, secret));
    if (kept.size >= KEPT_SIGNATURES) kept.delete(kept.keys().next().value!);
    kept.set(id, signature);
  }
  return signature;
}

/** A session cookie whose signature is right: the id, and the signed value as sent (the same for every answer of the session). */
export interface SignedSessionCookie {
  id: string;
  signed: string;
}

/** The session cookie in a Cookie header, when its signature is right; undefined otherwise (no cookie, unsigned, forged). */
export function signedSessionCookie(header: string | undefined, options: Pick<SessionCookieOptions, "name" | "secret">): SignedSessionCookie | undefined {
  const raw = cookieValue(header, options.name);
  if (raw === undefined || !raw.startsWith("s:")) return undefined;
  const signed = raw.slice(2);
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const id = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = expectedSignature(id, options.secret);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { id, signed: raw } : undefined;
}

/**
 * The value of cookie `name` in a Cookie header, percent-decoded as the
 * `cookie` package decodes it. A header that names it twice gives undefined:
 * which one express-session would take is left to express-session.
 */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let found: string | undefined;
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals === -1 || pair.slice(0, equals).trim() !== name) continue;
    if (found !== undefined) return undefined;
    found = pair.slice(equals + 1).trim();
  }
  if (found === undefined) return undefined;
  if (found.length >= 2 && found.startsWith('"') && found.endsWith('"')) found = found.slice(1, -1);
  try {
    return found.includes("%") ? decodeURIComponent(found) : found;
  } catch {
    return found;
  }
}

/**
 * The Set-Cookie header express-session sends on each answer of a rolling
 * session: the signed id (the same signature, so the one the request sent),
 * expiring `maxAgeMs` after `now`.
 */
export function rollingSessionCookie(cookie: SignedSessionCookie, options: SessionCookieOptions, now: number): string {
  const value = encodeURIComponent(cookie.signed);
  const expires = new Date(now + options.maxAgeMs).toUTCString();
  return `${options.name}=${value}; Path=/; Expires=${expires}; HttpOnly${options.secure ? "; Secure" : ""}; SameSite=Lax`;
}
