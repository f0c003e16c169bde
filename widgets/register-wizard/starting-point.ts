import type { RegisterWizardProps } from "./parse";
import { returnStart } from "./payment-flow";
import type { RegistrationEvent } from "./registration-machine";
import { readEntry, type InboxView } from "./wizard-history";
import { fitsPerson, loadWizard, type SavedWizard } from "./wizard-storage";

/* Where the wizard starts when it mounts (RegisterWizard.tsx): the screen to carry on from, and the machine's first events. */

/**
 * Where to carry on from: this history entry's screen (a reload, or Back
 * from another page); else the verification link's point (signed in); else a
 * lapsed member's renewal, straight to their plans; else this tab's saved steps.
 */
export function startingPoint({ resume, constituentId, returnUrl, email, renewal, paymentStatus, strings }: RegisterWizardProps): (SavedWizard & { inbox?: InboxView | null }) | null {
  const entry = readEntry(window.history.state);
  if (entry && fitsPerson(entry, constituentId)) return entry;
  if (resume && constituentId !== null) return { ...resume, constituentId, email: "", message: null, offer: null };
  if (renewal && constituentId !== null && !paymentStatus) {
    const step = renewal.kind === "individual" ? "noActiveSubscriptionIndividual" : "noActiveSubscriptionOther";
    // Renewed early (a reminder's link): nothing has expired yet, and the plan screen says when it ends.
    return { step, pathway: renewal.pathway, school: renewal.school, constituentId, email: "", message: renewal.endsOn ? null : strings.expired, offer: null };
  }
  if (returnUrl && email) return null;
  return loadWizard(constituentId);
}

/** Where the wizard starts, then (back from the payment page, approved) on to paymentProcessing. */
export function firstEvents(props: RegisterWizardProps, saved: SavedWizard | null): RegistrationEvent[] {
  const events = startEvents(props, saved);
  return returnStart(props.paymentStatus).kind === "process" ? [...events, { type: "PAYMENT_PROCESS" }] : events;
}

function startEvents({ returnUrl, email }: RegisterWizardProps, saved: SavedWizard | null): RegistrationEvent[] {
  if (saved) {
    const resume: RegistrationEvent = { type: "RESUME", pathway: saved.pathway, school: saved.school, step: saved.step };
    return [{ type: "START" }, saved.email ? { ...resume, email: saved.email } : resume];
  }
  return returnUrl && email ? [{ type: "SIGN_UP_VIA_TOKEN", email }] : [{ type: "START" }];
}
