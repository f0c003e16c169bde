import { Secret, TOTP } from "otpauth";
import { hashRecoveryCode, newRecoveryCodes, normalisedRecoveryCode, RECOVERY_CODE_COUNT } from "../../../server/staff/recovery-codes";
import { acceptedTotpStep, looksLikeTotpCode, newTotpSecret, totpUri } from "../../../server/staff/totp";

/*
 * The second factor's pieces: codes from an authenticator (computed here with
 * the same library, as an app would) and recovery codes.
 */

/** The code an authenticator app shows for `secret` at `at`. */
function codeAt(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
}

describe("TOTP codes", () => {
  const now = new Date("2026-03-10T09:00:10Z");
  const step = Math.floor(now.getTime() / 30_000);

  it("makes 160-bit base32 secrets, different each time", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it("writes the otpauth:// URI an authenticator app reads", () => {
    const uri = new URL(totpUri("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", { issuer: "Greyfriars Playhouse staff", label: "ana@greyfriars.example" }));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/Greyfriars Playhouse staff:ana@greyfriars.example");
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: "Greyfriars Playhouse staff",
      secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
  });

  it("accepts this step's code, and the steps either side of it, giving the step each belongs to", () => {
    const secret = newTotpSecret();
    expect(acceptedTotpStep(secret, codeAt(secret, now), now, null)).toBe(step);
    expect(acceptedTotpStep(secret, codeAt(secret, new Date(now.getTime() - 30_000)), now, null)).toBe(step - 1);
    expect(acceptedTotpStep(secret, codeAt(secret, new Date(now.getTime() + 30_000)), now, null)).toBe(step + 1);
  });

  it("refuses a code two steps old, another secret's code, and what is not six digits", () => {
    const secret = newTotpSecret();
    expect(acceptedTotpStep(secret, codeAt(secret, new Date(now.getTime() - 60_000)), now, null)).toBeUndefined();
    expect(acceptedTotpStep(secret, codeAt(newTotpSecret(), now), now, null)).toBeUndefined();
    for (const typed of ["", "12345", "1234567", "abcdef", "12 34 5"]) expect(acceptedTotpStep(secret, typed, now, null)).toBeUndefined();
  });

  it("takes a code typed with spaces, as apps show it", () => {
    const secret = newTotpSecret();
    const code = codeAt(secret, now);
    expect(acceptedTotpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now, null)).toBe(step);
    expect(looksLikeTotpCode(" 123 456 ")).toBe(true);
    expect(looksLikeTotpCode("k7mq2x-9rtc4h")).toBe(false);
  });

  it("never accepts a step at or before the last one used: a code signs in once", () => {
    const secret = newTotpSecret();
    const code = codeAt(secret, now);
    expect(acceptedTotpStep(secret, code, now, step)).toBeUndefined();
    expect(acceptedTotpStep(secret, code, now, step + 1)).toBeUndefined();
    expect(acceptedTotpStep(secret, code, now, step - 1)).toBe(step);
  });
});

describe("recovery codes", () => {
  it("gives ten different codes in two groups of six, without look-alike characters", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{6}-[a-hjkmnp-z2-9]{6}$/);
  });

  it("reads a code whatever its case, dashes and spaces, and hashes every way of typing it alike", () => {
    const [code] = newRecoveryCodes();
    const plain = code!.replace("-", "");
    expect(normalisedRecoveryCode(code!.toUpperCase())).toBe(plain);
    expect(normalisedRecoveryCode(` ${plain.slice(0, 4)} ${plain.slice(4)} `)).toBe(plain);
    expect(hashRecoveryCode(code!.toUpperCase())).toBe(hashRecoveryCode(plain));
    expect(hashRecoveryCode(code!)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(code!)).not.toContain(plain);
  });

  it("refuses what cannot be a code", () => {
    for (const typed of ["", "123456", "abcdef-abcde", "abcdef-abcdefg", "abcde0-abcdef", "abcdel-abcdef"]) expect(normalisedRecoveryCode(typed)).toBeUndefined();
  });
});
