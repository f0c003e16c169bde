import { typedValue } from "../lib/dom";
import { readI18n } from "../lib/i18n";
import { sameSitePath } from "../lib/same-site-path";

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
};

export interface LoginFormProps {
  /** A same-site path, or null when the page gave none (the dashboard then applies after a valid sign-in). */
  next: string | null;
  email: string;
  /** Typed into the server's form before the widget took over. */
  password: string;
  /** A message the server rendered (a failed no-JavaScript attempt), shown until the next try. */
  error: string | null;
  forgotPasswordHref: string;
  registerHref: string | null;
  strings: LoginFormStrings;
}

/**
 * Reads `data-widget="login-form"`: data-next, data-email, data-error,
 * data-forgot-password-href, data-register-href and data-i18n-* overrides.
 * Everything is optional, so the widget also runs on another site's page.
 */
export function parseLoginForm(root: HTMLElement): LoginFormProps {
  return {
    next: sameSitePath(root.getAttribute("data-next")),
    email: typedValue(root, "email") || (root.getAttribute("data-email") ?? ""),
    password: typedValue(root, "password"),
    error: root.getAttribute("data-error") || null,
    forgotPasswordHref: sameSitePath(root.getAttribute("data-forgot-password-href")) ?? "/account/forgot-password/",
    registerHref: sameSitePath(root.getAttribute("data-register-href")),
    strings: readI18n(root, loginFormDefaultStrings),
  };
}
