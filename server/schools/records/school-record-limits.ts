import type { RateLimiter } from "../../rate-limit/rate-limit";
import { waitDescribed } from "../../domain/wait-described";
import { limitReached, Refused } from "../../shared/refusal";

/*
 * How many school records one person may write by hand (issue 22, item 8;
 * docs/schools.md "Limits"). A person links one school, perhaps fixes its
 * address a few times; a script would fill the CRM. Counted per person with
 * the shared rate limiter, so every app process sees one count.
 */

const hour = 60 * 60 * 1000;

export const SCHOOL_RECORD_LIMITS = {
  organisations: { limit: 5, windowMs: 24 * hour, key: "organisations-created", what: "schools", per: "a day" },
  addresses: { limit: 20, windowMs: hour, key: "address-writes", what: "address changes", per: "an hour" },
} as const;

export function schoolRecordLimitMessage(kind: keyof typeof SCHOOL_RECORD_LIMITS, retryAfterSeconds: number): string {
  const { limit, what, per } = SCHOOL_RECORD_LIMITS[kind];
  return `You can make ${limit} ${what} ${per}, and have used them all. Try again in ${waitDescribed(retryAfterSeconds)}.`;
}

/** Counts one write of this kind by the person; past the limit, throws Refused ("too-many-attempts", saying when to try again). */
export async function spendSchoolRecordWrite(rateLimiter: RateLimiter, kind: keyof typeof SCHOOL_RECORD_LIMITS, personId: number): Promise<void> {
  const { limit, windowMs, key } = SCHOOL_RECORD_LIMITS[kind];
  const result = await rateLimiter.hit(`${key}:${personId}`, limit, windowMs);
  if (!result.allowed) throw new Refused(limitReached(schoolRecordLimitMessage(kind, result.retryAfterSeconds), result.retryAfterSeconds, { rule: key }));
}
