import { findConstituentByEmail } from "./constituents";
import { sendPasswordLink, type PasswordLinkDependencies } from "./password-reset";

/** GET /account/lookup/'s answer (accounts spec, section 7). */
export interface LookupAnswer {
  /** True for an account with no password yet: a set-password email has been sent. */
  resetPassword: boolean;
  /** The account's email when one exists, otherwise null. */
  email: string | null;
}

/**
 * The sign-up wizard's first step: is there an account for this (normalised)
 * email? An account without a password (created by staff or an import) is
 * sent a set-password link rather than being told to sign in.
 */
export async function lookupAccount(deps: PasswordLinkDependencies, email: string, now: Date): Promise<LookupAnswer> {
  const constituent = await findConstituentByEmail(deps, email);
  if (!constituent) return { resetPassword: false, email: null };
  if (constituent.password_hash) return { resetPassword: false, email: constituent.email };
  await sendPasswordLink(deps, constituent, now);
  return { resetPassword: true, email: constituent.email };
}
