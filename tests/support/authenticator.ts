import { Secret, TOTP } from "otpauth";

/*
 * An authenticator app, as the back office's tests use one (server tests and
 * e2e alike): it holds an account's TOTP secret and computes its codes with
 * the same library the server checks them with.
 */

/** One account in the app: its secret, and the last time step whose code was used. */
export interface Authenticator {
  secret: string;
  lastStep: number;
}

/** The app's code for a step later than the last one used: the server takes each step once. */
export function nextCode(app: Authenticator): string {
  const step = Math.max(Math.floor(Date.now() / 30_000), app.lastStep + 1);
  app.lastStep = step;
  return new TOTP({ secret: Secret.fromBase32(app.secret) }).generate({ timestamp: step * 30_000 });
}
