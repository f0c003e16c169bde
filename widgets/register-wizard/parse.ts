import { readI18n } from "../lib/i18n";
import { WidgetConfigError } from "../lib/options";
import { sameSitePath } from "../lib/same-site-path";
import { registerWizardDefaultStrings, type RegisterWizardStrings } from "./strings";

export interface RegisterWizardProps {
  /** The signed-in user's constituent id (the page root carries it, accounts spec, section 2), or null. */
  constituentId: number | null;
  /** Where to go once finished: returnURL when given, else next, else /account/my-account/. */
  next: string;
  /** With returnUrl: the "sign up via token" start, at createAccount with this email. */
  email: string;
  returnUrl: string | null;
  linkSchool: boolean;
  paymentStatus: string | null;
  sessionId: string | null;
  /** Where people who cannot finish online write to (the server's STAFF_EMAIL); "" when not given. */
  supportEmail: string;
  strings: RegisterWizardStrings;
}

/**
 * Reads `data-widget="register-wizard"`: data-constituent-id, data-next,
 * data-email, data-return-url, data-link-school, data-payment-status,
 * data-session-id, data-support-email and data-i18n-* overrides.
 */
export function parseRegisterWizard(root: HTMLElement): RegisterWizardProps {
  const rawId = root.getAttribute("data-constituent-id");
  if (rawId !== null && !/^\d+$/.test(rawId.trim())) {
    throw new WidgetConfigError(`data-constituent-id must be a whole number (the signed-in user's id), got "${rawId}"`);
  }
  const returnUrl = sameSitePath(root.getAttribute("data-return-url"));
  return {
    constituentId: rawId === null ? null : Number(rawId),
    next: returnUrl ?? sameSitePath(root.getAttribute("data-next")) ?? "/account/my-account/",
    email: root.getAttribute("data-email")?.trim() ?? "",
    returnUrl,
    linkSchool: root.getAttribute("data-link-school") === "true",
    paymentStatus: root.getAttribute("data-payment-status"),
    sessionId: root.getAttribute("data-session-id"),
    supportEmail: root.getAttribute("data-support-email")?.trim() ?? "",
    strings: readI18n(root, registerWizardDefaultStrings),
  };
}
