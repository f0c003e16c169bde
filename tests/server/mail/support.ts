import { templatesDir } from "../../../server/paths";
import { createMailRenderer, type MailGlobals, type MailRenderer } from "../../../server/mail/mail-renderer";

export const testMailGlobals: MailGlobals = {
  organisationName: "Greyfriars Playhouse",
  siteUrl: "http://127.0.0.1:3000",
  supportEmail: "learning@greyfriars.example",
};

export const testSender = "Greyfriars Playhouse <no-reply@greyfriars.example>";

/** The real renderer over the repository's templates/mail/. */
export function repositoryMailRenderer(): MailRenderer {
  return createMailRenderer(templatesDir, testMailGlobals);
}

/** The context each template needs, as its caller passes it. */
export const sampleContexts = {
  "password-reset": { firstName: "Ada", resetUrl: "http://127.0.0.1:3000/account/reset-password/abc123/", expiresInMinutes: 60 },
  "set-password": { firstName: "Ada", resetUrl: "http://127.0.0.1:3000/account/reset-password/def456/", expiresInMinutes: 60 },
  "email-changed": { firstName: "Ada", newEmail: "ada.new@example.com" },
  "email-change-requested": { firstName: "Ada", newEmail: "ada.new@example.com" },
  "confirm-new-email": { firstName: "Ada", confirmUrl: "http://127.0.0.1:3000/account/verify-email/?token=abc", oldEmail: "ada@example.com", expiresInDays: 3 },
  "sign-in-link": { firstName: "Ada", signInUrl: "http://127.0.0.1:3000/account/login/link/ghi789/", expiresInMinutes: 15 },
  "contact-message": { name: "Ada Lovelace", email: "ada@example.com", subject: "School visits", message: "Can we book a backstage tour?" },
  "join-request": {
    firstName: "Tom",
    name: "Priya Shah",
    email: "priya@example.org",
    message: "I teach drama in Year 9 and use a personal address.",
    schoolName: "Riverside Academy",
    schoolTabUrl: "http://127.0.0.1:3000/account/my-account/#school",
  },
  "join-request-approved": { firstName: "Priya", schoolName: "Riverside Academy", approvedBy: "Tom Evans", signInUrl: "http://127.0.0.1:3000/account/login/?next=%2Faccount%2Fmy-account%2F%23school" },
  "join-request-declined": { firstName: "Priya", schoolName: "Riverside Academy", decidedBy: "Tom Evans", note: "Please ask the school office for a school address." },
  "request-for-staff": {
    kindLabel: "Support request",
    subject: "Help to set up a membership (UK Independent School) at Cambridge House School",
    requestId: 42,
    reason: "This membership can't be set up online, so the registration wizard sent them to us.",
    name: "Priya Shah",
    email: "priya@example.org",
    details: [
      { label: "School type", value: "UK Independent School" },
      { label: "School", value: "Cambridge House School (URN 9000018)" },
    ],
    message: "We'd like 12 seats from September.",
  },
  "request-answer": {
    firstName: "Priya",
    subject: "A membership for 12 users",
    body: "We can set that up: a 15-user membership is £550 a year.",
    authorName: "Jo, the learning team",
    message: "We'd like 12 seats from September.",
  },
  receipt: {
    firstName: "Ada",
    plan: "School Annual plan £250.00 (up to 5 users)",
    recipientName: "Riverside Primary",
    amount: "£250.00",
    paidOn: "1 March 2026",
    validUntil: "1 March 2027",
    reference: "sbx_0123456789abcdef01234567",
    renews: "year",
    membershipUrl: "http://127.0.0.1:3000/account/my-account/#membership",
    receiptUrl: "http://127.0.0.1:3000/account/my-account/receipts/0123456789abcdef0123456789abcdef.pdf",
  },
  "membership-payment-failed": {
    firstName: "Ada",
    plan: "Individual monthly plan £39.99",
    amount: "£39.99",
    validUntil: "1 April 2026",
    accountUrl: "http://127.0.0.1:3000/account/my-account/#membership",
    cardChangeable: true,
  },
  "membership-renewal-notice": {
    firstName: "Ada",
    plan: "Individual Annual plan £60.00",
    amount: "£60.00",
    renewsOn: "8 March 2026",
    schoolName: "",
    membershipUrl: "http://127.0.0.1:3000/account/my-account/#membership",
  },
  "membership-reminder": {
    firstName: "Ada",
    daysBefore: 7,
    endsOn: "8 March 2026",
    renewUrl: "http://127.0.0.1:3000/account/register/?link-school=true&renew=individual&next=%2Faccount%2Fmy-account%2F",
    cardRenewUrl: "http://127.0.0.1:3000/account/my-account/#renewing-plans",
    optOutUrl: "http://127.0.0.1:3000/account/my-account/#membership-reminders",
  },
  "school-membership-reminder": {
    firstName: "Priya",
    schoolName: "Riverside Primary",
    seatHolders: 12,
    daysBefore: 30,
    endsOn: "8 March 2026",
    renewUrl: "http://127.0.0.1:3000/account/register/?link-school=true&renew=school&next=%2Faccount%2Fmy-account%2F%23school",
    optOutUrl: "http://127.0.0.1:3000/account/my-account/#membership-reminders",
  },
} as const;

/** Retries within milliseconds, so tests watch a whole schedule play out. */
export const quickRetries = { firstRetryMs: 20, factor: 2, maxDelayMs: 100, maxAttempts: 5 };

/** Waits until `read` returns a value that passes `check`, polling the state (never a fixed sleep). */
export async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, timeout = 10_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!check(value)) throw new Error(`still waiting: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout, interval: 10 },
  );
}
