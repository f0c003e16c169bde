import type { AccountsService, EmailVerificationService } from "../accounts";
import type { Request } from "express";
import type { Config } from "../config";
import type { RateLimiter } from "../rate-limit/rate-limit";
import type { Renewal } from "../memberships";

/** What the account routes (sign-in, sign-up, password reset) receive from the composition root. */
export interface AccountRouteDependencies {
  accounts: AccountsService;
  /** The register page reopens the wizard's choice after a verified email (resume=). */
  emailVerification: Pick<EmailVerificationService, "resumeFor">;
  /**
   * The signed-in person's lapsed membership, which the wizard starts by
   * renewing (server/memberships/lapsed-renewal.ts); `early`: a current one
   * too, of that kind (a membership reminder's link, ?renew=).
   */
  renewalFor?: (personId: number, early?: Renewal["kind"]) => Promise<Renewal | undefined>;
  /** Per-address quotas on lookups, sign-ups and reset requests. */
  rateLimiter: RateLimiter;
  config: Pick<Config, "staffEmail" | "crmEnv">;
  /** This request's CSRF token (server/http/csrf.ts): signing in rotates the session, and with it the token. */
  csrfTokenFor: (req: Request) => string;
}
