import { readI18n } from "../lib/i18n";
import { WidgetConfigError } from "../lib/options";
import { sameSitePath } from "../../contracts/rules/same-site-path";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type LoginFormStrings = {
  emailLabel: string;
  passwordLabel: string;
  showPassword: string;
  submitLabel: string;
  submittingLabel: string;
  forgotPassword: string;
  registerPrompt: string;
  registerLink: string;
  /** The spec's messages (accounts spec, section 8). */
  missingFields: string;
  sessionFailed: string;
  loginError: string;
  loginFailed: string;
  /** While throttled (not in the spec): the owner can still sign in through their inbox. */
  signInLinkOffer: string;
  signInLinkButton: string;
  signInLinkSent: string;
};

export const loginFormDefaultStrings: LoginFormStrings = {
  emailLabel: "Email address",
  passwordLabel: "Password",
  showPassword: "Show password",
  submitLabel: "Sign in",
  submittingLabel: "Signing in…",
  forgotPassword: "Forgot your password?",
  registerPrompt: "New to our learning resources?",
  registerLink: "Create an account",
  missingFields: "Please enter email and password",
  sessionFailed: "Session creation failed. Please try again.",
  loginError: "An error occurred while logging in. Please try again.",
  loginFailed: "Login failed. Please check your credentials and try again.",
  signInLinkOffer: "You can still sign in: we'll email you a link that signs you in once, within 15 minutes.",
  signInLinkButton: "Email me a sign-in link",
  signInLinkSent: "If there is an account for that email address, we have sent it a sign-in link. The link works once, for 15 minutes.",
};

export interface LoginFormProps {
  /** A same-site path, or null when the page gave none (My account, DEFAULT_NEXT_PATH, then applies after a valid sign-in). */
  next: string | null;
  /**
   * The server's own fields. The widget adopts these very elements rather
   * than rendering its own, so what is typed while the script loads, the
   * caret and focus all stay as they are.
   */
  emailField: HTMLInputElement;
  passwordField: HTMLInputElement;
  /** What the email field held when the widget took over (typed meanwhile, or the address of a failed attempt). */
  email: string;
  /** A message the server rendered (a failed no-JavaScript attempt), shown until the next try. */
  error: string | null;
  /** A status message the server rendered (a sign-in link was asked for). */
  notice: string | null;
  /** Offer "Email me a sign-in link" from the start (the server rendered a throttled attempt). */
  offerSignInLink: boolean;
  /** Where "Email me a sign-in link" posts. */
  signInLinkHref: string;
  forgotPasswordHref: string;
  registerHref: string | null;
  strings: LoginFormStrings;
}

/**
 * Reads `data-widget="login-form"`: data-next, data-email, data-error,
 * data-notice, data-offer-sign-in-link, data-sign-in-link-href,
 * data-forgot-password-href, data-register-href and data-i18n-* overrides,
 * and the fields (`input[name=email]`, `input[name=password]`). The data-*
 * are optional, so the widget also runs on another site's page.
 */
export function parseLoginForm(root: HTMLElement): LoginFormProps {
  const emailField = root.querySelector<HTMLInputElement>('input[name="email"]:not([type="hidden"])');
  const passwordField = root.querySelector<HTMLInputElement>('input[name="password"]');
  if (!emailField || !passwordField) throw new WidgetConfigError('login-form needs its fields, <input name="email"> and <input name="password">');
  return {
    next: sameSitePath(root.getAttribute("data-next")),
    emailField,
    passwordField,
    email: emailField.value || (root.getAttribute("data-email") ?? ""),
    error: root.getAttribute("data-error") || null,
    notice: root.getAttribute("data-notice") || null,
    offerSignInLink: root.getAttribute("data-offer-sign-in-link") === "true",
    signInLinkHref: sameSitePath(root.getAttribute("data-sign-in-link-href")) ?? "/account/login/email-link/",
    forgotPasswordHref: sameSitePath(root.getAttribute("data-forgot-password-href")) ?? "/account/forgot-password/",
    registerHref: sameSitePath(root.getAttribute("data-register-href")),
    strings: readI18n(root, loginFormDefaultStrings),
  };
}
