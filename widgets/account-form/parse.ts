import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError } from "../lib/options";
import type { SummaryItem } from "./field-errors";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type AccountFormStrings = {
  errorSummaryTitle: string;
  networkError: string;
  signedOut: string;
  unexpectedError: string;
};

export const accountFormDefaultStrings: AccountFormStrings = {
  errorSummaryTitle: "There is a problem",
  networkError: "We could not reach the server. Check your connection and try again.",
  signedOut: "You have been signed out. Sign in again, then try once more.",
  unexpectedError: "Something went wrong on our side. Please try again in a few minutes.",
};

export interface AccountFormProps {
  /** The page's form, moved (never copied) into the widget; it keeps working without the widget. */
  form: HTMLFormElement;
  action: string;
  method: "POST" | "PUT";
  successMessage: string;
  resetOnSuccess: boolean;
  /** A notice the server rendered (after a plain form post). */
  initialNotice: string | null;
  /** The server-rendered error summary's lines. */
  initialProblems: SummaryItem[];
  strings: AccountFormStrings;
}

const formOptions = {
  method: { type: "enum", values: ["POST", "PUT"], default: "POST" },
  successMessage: { type: "string", default: "Your changes have been saved." },
  resetOnSuccess: { type: "boolean", default: false },
} as const;

/**
 * Reads `data-widget="account-form"` (templates/macros/account-form.njk): a
 * direct child `<form action="…">`, and any server-rendered `.alert` notice
 * and `.error-summary`, which the widget then renders itself.
 */
export function parseAccountForm(root: HTMLElement): AccountFormProps {
  const form = root.querySelector<HTMLFormElement>(":scope > form");
  const action = form?.getAttribute("action")?.trim();
  if (!form || !action) {
    throw new WidgetConfigError('account-form needs a direct child <form action="…"> (the path the form is sent to)');
  }
  const options = readOptions(root, formOptions);
  const notice = root.querySelector(":scope > .alert .alert__text")?.textContent?.trim();
  const summaryLines = Array.from(root.querySelectorAll(":scope > .error-summary li"));
  return {
    form,
    action,
    method: options.method as "POST" | "PUT",
    successMessage: options.successMessage,
    resetOnSuccess: options.resetOnSuccess,
    initialNotice: notice || null,
    initialProblems: summaryLines.map((line) => ({
      text: line.textContent?.trim() ?? "",
      href: line.querySelector("a")?.getAttribute("href") ?? null,
    })),
    strings: readI18n(root, accountFormDefaultStrings),
  };
}
