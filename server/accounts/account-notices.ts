/**
 * The My account forms, where each lives, and the success notice it shows
 * (accounts spec, section 8, "Alerts"). A plain form post that succeeds
 * redirects to its tab, and the notice travels in the session for that one
 * page view (server/http/account-notice.ts), so a reload does not repeat it.
 */
export const ACCOUNT_FORMS = {
  profile: { tab: "profile", form: "profile", notice: "Profile updated successfully!" },
  /** Shown once the link to the new address has been followed (a confirmed change). */
  email: { tab: "profile", form: "email", notice: "Email updated successfully!" },
  emailRequested: { tab: "profile", form: "email", notice: "Check your new inbox: we've sent a link to confirm your new email address." },
  emailChangeResent: { tab: "profile", form: "email", notice: "We've sent the link again." },
  emailChangeCancelled: { tab: "profile", form: "email", notice: "Your email change is cancelled. Your address has not changed." },
  password: { tab: "profile", form: "password", notice: "Password changed successfully!" },
  contact: { tab: "contact", form: "contact", notice: "Your message has been sent successfully!" },
  /** Membership reminders (server/memberships/membership-reminders.ts): the checkbox's two outcomes. */
  remindersOn: { tab: "profile", form: "reminders", notice: "Saved: we'll email you before your membership ends." },
  remindersOff: { tab: "profile", form: "reminders", notice: "Saved: we won't email you before your membership ends. Receipts still come." },
  /** A plan that renews (server/payments/subscriptions/renewal-choice.ts): renewal on or off. */
  renewalOn: { tab: "membership", form: "renewal", notice: "Saved: your plan renews automatically." },
  renewalOff: { tab: "membership", form: "renewal", notice: "Saved: your plan won't renew. Your membership runs to the end of what you have paid for, and you won't be charged again." },
} as const;

export type AccountForm = keyof typeof ACCOUNT_FORMS;
/** The page's forms; several notices show by the same one (the email change's). */
export type AccountPageForm = (typeof ACCOUNT_FORMS)[AccountForm]["form"];
