import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * The sandbox's notification signature: HMAC-SHA256 of the exact bytes of the
 * body, hex, in the Sandbox-Signature header, keyed with
 * PAYMENT_WEBHOOK_SECRET. Verified on the raw body, before any parsing, as a
 * real provider's webhook is.
 */
export const SANDBOX_SIGNATURE_HEADER = "sandbox-signature";

export function signSandboxBody(secret: string, rawBody: Buffer): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

export function sandboxSignatureIsValid(secret: string, rawBody: Buffer, signature: string | string[] | undefined): boolean {
  if (typeof signature !== "string" || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = Buffer.from(signSandboxBody(secret, rawBody), "hex");
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}
