import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * The invite link's token: what it grants (a seat at this school, under
 * this membership, for this email address) and until when, signed with
 * HMAC-SHA256. Nothing is stored: the signature is the proof, and the key
 * is derived from the session secret, so a new secret voids every invite.
 */

export interface InviteClaims {
  schoolId: number;
  membershipId: number;
  /** Normalised (trimmed, lower-case). */
  email: string;
  expiresAt: Date;
}

export const INVITE_LIFETIME_DAYS = 7;
const lifetimeMs = INVITE_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

export type InviteTokenCheck = { ok: true; claims: InviteClaims } | { ok: false; reason: "forged" | "expired" };

/** The key used for invites only, so a token can never pass for a session signature or the reverse. */
export function inviteKey(sessionSecret: string): Buffer {
  return createHmac("sha256", sessionSecret).update("school-invite-token-v1").digest();
}

export function signInvite(key: Buffer, invite: Omit<InviteClaims, "expiresAt">, now: Date): string {
  const payload = { s: invite.schoolId, m: invite.membershipId, e: invite.email, x: now.getTime() + lifetimeMs };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${signature(key, body)}`;
}

export function checkInvite(key: Buffer, token: string, now: Date): InviteTokenCheck {
  const [body, mac, extra] = token.split(".");
  if (!body || !mac || extra !== undefined) return { ok: false, reason: "forged" };
  const expected = Buffer.from(signature(key, body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "forged" };
  const claims = parsePayload(body);
  if (!claims) return { ok: false, reason: "forged" };
  if (claims.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, claims };
}

function signature(key: Buffer, body: string): string {
  return createHmac("sha256", key).update(body).digest("base64url");
}

function parsePayload(body: string): InviteClaims | undefined {
  try {
    const { s, m, e, x } = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
    if (!Number.isSafeInteger(s) || !Number.isSafeInteger(m) || typeof e !== "string" || !Number.isSafeInteger(x)) return undefined;
    return { schoolId: s as number, membershipId: m as number, email: e, expiresAt: new Date(x as number) };
  } catch {
    return undefined;
  }
}
