import type { AccountsService } from "../accounts/accounts-service";
import type { Config } from "../config";
import type { RateLimiter } from "../rate-limit/rate-limit";

/** What the account routes (sign-in, sign-up, password reset) receive from the composition root. */
export interface AccountRouteDependencies {
  accounts: AccountsService;
  /** Per-address quotas on lookups, sign-ups and reset requests. */
  rateLimiter: RateLimiter;
  config: Pick<Config, "staffEmail" | "crmEnv">;
}
