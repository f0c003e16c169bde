import type { PathwayKey } from "./pathways";
import type { RegistrationStep } from "./steps";

/**
 * "Step N of M" for the person's journey (issue 23, "Show progress"). The
 * spec's pathway steps include detours (invalidEmail, contactSupport), so the
 * count is of stages instead: each stage is the screens that can stand in
 * for it, and a screen that is skipped (an address already confirmed, a
 * school that already has an admin) simply moves the count on. The check
 * inbox screen is not a machine step; it is named "inbox" here.
 */
export type ProgressScreen = RegistrationStep | "inbox";

type Stages = readonly (readonly ProgressScreen[])[];

const accountStages: Stages = [["lookupAccount"], ["createAccount"]];

/** The last stage of every journey: paying (when there is a plan) and the finish. */
const finish: readonly ProgressScreen[] = ["paymentProcessing", "somethingWentWrongWithPayment", "done"];

/** Paid plans: see them, choose one, then pay and finish. */
const plans = (see: RegistrationStep, choose: RegistrationStep): Stages => [[see], [choose], finish];

/** An independent, international or group school: the school, the address confirmed, what the school has (an admin, a membership), its plans. */
const schoolWithPlans: Stages = [
  ["schoolTypeAndSearch"],
  ["inbox", "offerAdminStatus", "contactYourAdmin", "contactSupport", "noActiveSubscriptionOther", "invalidEmail"],
  ["confirmSubscriptionOther"],
  finish,
];

const pathwayStages: Readonly<Record<PathwayKey, Stages>> = {
  // Find the school, confirm it (and the address), then the admin offer or the finish.
  "state-school": [
    ["schoolTypeAndSearch"],
    ["confirmSchool", "inbox", "invalidEmail"],
    ["offerAdminStatus", "contactYourAdmin", "noActiveSubscriptionOther", "confirmSubscriptionOther", "contactSupport", ...finish],
  ],
  "independent-school": schoolWithPlans,
  international: schoolWithPlans,
  consortium: schoolWithPlans,
  // The home address, then a personal plan.
  individual: [["schoolTypeAndSearch"], ["noActiveSubscriptionIndividual", "inbox", "contactSupport"], ["confirmSubscriptionIndividual"], finish],
};

export interface ProgressInput {
  screen: ProgressScreen;
  pathway: PathwayKey | null;
  /** The wizard began signed out, so the email and account screens are steps of this journey. */
  startedSignedOut: boolean;
  /** A lapsed member renewing: their plans are the whole journey. */
  renewal: "individual" | "school" | null;
}

/** Where the person is: `total` is null until a pathway is chosen (the steps left depend on it). */
export interface Progress {
  current: number;
  total: number | null;
}

export function wizardProgress({ screen, pathway, startedSignedOut, renewal }: ProgressInput): Progress | null {
  const before = startedSignedOut ? accountStages : [];
  const journey = renewal
    ? renewal === "individual"
      ? plans("noActiveSubscriptionIndividual", "confirmSubscriptionIndividual")
      : plans("noActiveSubscriptionOther", "confirmSubscriptionOther")
    : pathway
      ? pathwayStages[pathway]
      : [["schoolTypeAndSearch"] as const];
  const stages = [...before, ...journey];
  const index = stages.findIndex((stage) => stage.includes(screen));
  if (index === -1) return null;
  // Before a pathway is chosen the steps left are unknown: only the step is given.
  const total = renewal || pathway ? stages.length : null;
  return { current: index + 1, total };
}

/** The visible (and announced) words: "Step 3 of 5", or "Step 3" while the steps left are unknown. */
export function progressText(progress: Progress, template: { known: string; unknown: string }): string {
  const text = progress.total === null ? template.unknown : template.known.replace("{total}", String(progress.total));
  return text.replace("{current}", String(progress.current));
}
