import { RESET_TOKEN_LIFETIME_MINUTES } from "../accounts";
import { AUDIT_RETENTION_MONTHS } from "../audit";
import { OUTBOX_RECORD_RETENTION_DAYS } from "../mail/outbox";
import type { Config } from "../config";
import { sessionCookieName } from "../http/session/session-middleware";
import { RESET_TOKEN_COOKIE } from "./password-link-handoff";
import { VERIFY_EMAIL_TOKEN_COOKIE, VERIFY_EMAIL_TOKEN_COOKIE_MINUTES } from "./verify-email-handoff";

/*
 * The facts the privacy page (/privacy/) states, taken from the code and the
 * configuration that decide them, so the page cannot drift from the site.
 * tests/server/privacy/cookies.test.ts checks that the cookies listed here
 * are exactly the cookies the site sets.
 */


export interface EssentialCookie {
  name: string;
  purpose: string;
  lasts: string;
}

/** Every cookie the site sets: all strictly necessary, none for analytics or advertising. */
export function essentialCookies(config: Pick<Config, "secureCookies" | "sessionIdleMinutes" | "sessionAbsoluteHours">): EssentialCookie[] {
  return [
    {
      name: sessionCookieName(config),
      purpose: "Keeps you signed in, and protects forms from being sent by other websites. Set when you sign in or send a form.",
      lasts: `${duration(config.sessionIdleMinutes)} after your last visit, and never more than ${hours(config.sessionAbsoluteHours)} in all`,
    },
    {
      name: RESET_TOKEN_COOKIE,
      purpose: "Carries the code from a password reset link to the reset page, so it never appears in the address bar.",
      lasts: duration(RESET_TOKEN_LIFETIME_MINUTES),
    },
    {
      name: VERIFY_EMAIL_TOKEN_COOKIE,
      purpose: "Carries the code from an email verification link to the verification page, in the same way.",
      lasts: duration(VERIFY_EMAIL_TOKEN_COOKIE_MINUTES),
    },
  ];
}

/** The privacy page's context. */
export function privacyPageView(config: Pick<Config, "secureCookies" | "sessionIdleMinutes" | "sessionAbsoluteHours" | "staffEmail">) {
  return {
    cookies: essentialCookies(config),
    staffEmail: config.staffEmail,
    sessionIdle: duration(config.sessionIdleMinutes),
    sessionAbsolute: hours(config.sessionAbsoluteHours),
    securityEventMonths: AUDIT_RETENTION_MONTHS,
    mailRecordDays: OUTBOX_RECORD_RETENTION_DAYS,
  };
}

/** "2 hours", "90 minutes", "10 minutes". */
function duration(minutes: number): string {
  if (minutes % 60 === 0) return plural(minutes / 60, "hour");
  return plural(minutes, "minute");
}

/** "14 days", "36 hours". */
function hours(count: number): string {
  return count % 24 === 0 ? plural(count / 24, "day") : plural(count, "hour");
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}
