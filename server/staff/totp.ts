import { Secret, TOTP } from "otpauth";

/*
 * The staff's second factor: time-based one-time passwords (RFC 6238) with
 * otpauth, in the form every authenticator app reads: SHA-1, six digits, a
 * 30-second step, a 160-bit secret (RFC 4226's recommended length).
 */

const DIGITS = 6;
const PERIOD_SECONDS = 30;
const ALGORITHM = "SHA1";
/** A code from the step before or after is taken too: a phone's clock a little off, or a code typed as it turned. */
const WINDOW = 1;

/** A new secret, base32 as the otpauth:// URI carries it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = "", issuer = ""): TOTP {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: ALGORITHM, digits: DIGITS, period: PERIOD_SECONDS });
}

/** The otpauth:// URI an authenticator app takes (as a QR code, or pasted): `issuer:label`, with the issuer named again. */
export function totpUri(secret: string, account: { issuer: string; label: string }): string {
  return totpOf(secret, account.label, account.issuer).toString();
}

/** What a person types: six digits, spaces allowed between them (apps show "123 456"). */
export function looksLikeTotpCode(typed: string): boolean {
  return /^\d{6}$/.test(typed.replace(/\s+/g, ""));
}

/**
 * The time step of the code typed, when it is right for `secret` at `now`
 * and later than `lastStep` (the step of the last code accepted, so a code
 * signs in once, RFC 6238 section 5.2); otherwise undefined.
 */
export function acceptedTotpStep(secret: string, typed: string, now: Date, lastStep: number | null): number | undefined {
  const token = typed.replace(/\s+/g, "");
  if (!looksLikeTotpCode(token)) return undefined;
  const totp = totpOf(secret);
  const delta = totp.validate({ token, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return undefined;
  const step = totp.counter({ timestamp: now.getTime() }) + delta;
  return lastStep !== null && step <= lastStep ? undefined : step;
}
