import { registrationSteps, type RegistrationStep } from "./steps";
import { readSavedWizard, type SavedWizard } from "./wizard-storage";

/**
 * Each wizard step is a browser history entry (issue 23, item 6): the URL
 * names the step (?step=…, which the register page reads to resume a new
 * tab), and the entry's state holds the step's data, so Back and Forward
 * restore it and a reload carries on from it.
 */

/** The check-inbox screen shown over a step: where the email went and the step its link resumes. */
export interface InboxView {
  sentTo: string;
  resumeStep: RegistrationStep;
}

export interface WizardEntry extends SavedWizard {
  inbox: InboxView | null;
  /** The entry's place in this tab's walk through the wizard: which way Back or Forward went. */
  index: number;
}

/** The key under which the wizard's entries sit in history.state, so another script's entries are told apart. */
const stateKey = "registerWizard";

/** The step's address: the page's own, with ?step=; a payment return's parameters belong to that one arrival only. */
export function urlForStep(href: string, step: RegistrationStep): string {
  const url = new URL(href);
  url.searchParams.delete("paymentStatus");
  url.searchParams.delete("sessionId");
  url.searchParams.set("step", step);
  return url.pathname + url.search + url.hash;
}

export function historyState(entry: WizardEntry): Record<string, unknown> {
  return { [stateKey]: entry };
}

/** The wizard's entry in a history state, or null (not ours, or unreadable). */
export function readEntry(state: unknown): WizardEntry | null {
  if (typeof state !== "object" || state === null) return null;
  const raw = (state as Record<string, unknown>)[stateKey];
  if (typeof raw !== "object" || raw === null) return null;
  const saved = readSavedWizard(raw);
  if (!saved) return null;
  const { inbox, index } = raw as Record<string, unknown>;
  return { ...saved, inbox: isInbox(inbox) ? inbox : null, index: typeof index === "number" && Number.isSafeInteger(index) ? index : 0 };
}

function isInbox(value: unknown): value is InboxView {
  if (typeof value !== "object" || value === null) return false;
  const { sentTo, resumeStep } = value as Record<string, unknown>;
  return typeof sentTo === "string" && (registrationSteps as readonly unknown[]).includes(resumeStep);
}

/** What makes one screen another: the step, and the check-inbox screen over it. */
export function viewKey(step: RegistrationStep, inbox: InboxView | null): string {
  return `${step}:${inbox?.sentTo ?? ""}`;
}
