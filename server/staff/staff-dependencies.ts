import type { Kysely } from "kysely";
import type { PasswordHasher } from "../accounts";
import type { AuditLog } from "../audit";
import type { CrmPort } from "../crm";
import type { Database } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import type { Takings } from "../payments";
import type { RateLimiter } from "../rate-limit/rate-limit";

/** What the staff capability's services are built from (server/feature-services.ts gives it). */
export interface StaffDependencies {
  db: Kysely<Database>;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  audit: AuditLog;
  /** The site's public address without a trailing slash: enrolment links start with it. */
  publicUrl: string;
  /** The name authenticator apps show beside the code (the otpauth:// URI's issuer). */
  totpIssuer: string;
  /** The dashboard's membership figures. */
  crm: Pick<CrmPort, "membershipFigures">;
  /** The dashboard's orders and revenue between two instants (the payments capability's). */
  takings: (from: Date, to: Date) => Promise<Takings>;
  /** Defaults to the process's shared hasher (its concurrency cap); tests may pass a cheaper one. */
  passwordHasher?: PasswordHasher;
  clock?: () => Date;
}
