/**
 * The My account forms, where each lives, and the success notice it shows
 * (accounts spec, section 8, "Alerts"). A plain form post that succeeds
 * redirects to its tab, and the notice travels in the session for that one
 * page view (server/http/account-notice.ts), so a reload does not repeat it.
 */
export const ACCOUNT_FORMS = {
  profile: { tab: "profile", notice: "Profile updated successfully!" },
  email: { tab: "profile", notice: "Email updated successfully!" },
  password: { tab: "profile", notice: "Password changed successfully!" },
  contact: { tab: "contact", notice: "Your message has been sent successfully!" },
} as const;

export type AccountForm = keyof typeof ACCOUNT_FORMS;
