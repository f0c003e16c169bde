import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError, type OptionSchema } from "../lib/options";
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

/** The form's data-* settings, each optional, so the widget also runs on another site's page. */
export const loginFormSettings = {
  next: { type: "string", default: null },
  email: { type: "string", default: "" },
  error: { type: "string", default: null },
  notice: { type: "string", default: null },
  offerSignInLink: { type: "boolean", default: false },
  signInLinkHref: { type: "string", default: null },
  forgotPasswordHref: { type: "string", default: null },
  registerHref: { type: "string", default: null },
} satisfies OptionSchema;

/**
 * Reads `data-widget="login-form"`: its settings (loginFormSettings, read by
 * readOptions), the data-i18n-* overrides, and the fields
 * (`input[name=email]`, `input[name=password]`). Every path it is given must
 * be same-site; one that is not falls back to the site's own.
 */
export function parseLoginForm(root: HTMLElement): LoginFormProps {
  const emailField = root.querySelector<HTMLInputElement>('input[name="email"]:not([type="hidden"])');
  const passwordField = root.querySelector<HTMLInputElement>('input[name="password"]');
  if (!emailField || !passwordField) throw new WidgetConfigError('login-form needs its fields, <input name="email"> and <input name="password">');
  const settings = readOptions(root, loginFormSettings);
  return {
    next: sameSitePath(settings.next),
    emailField,
    passwordField,
    email: emailField.value || settings.email,
    error: settings.error || null,
    notice: settings.notice || null,
    offerSignInLink: settings.offerSignInLink,
    signInLinkHref: sameSitePath(settings.signInLinkHref) ?? "/account/login/email-link/",
    forgotPasswordHref: sameSitePath(settings.forgotPasswordHref) ?? "/account/forgot-password/",
    registerHref: sameSitePath(settings.registerHref),
    strings: readI18n(root, loginFormDefaultStrings),
  };
}
