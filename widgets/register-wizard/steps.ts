/** Every screen of the registration wizard (accounts spec, section 2), in the spec's order. */
export const registrationSteps = [
  "lookupAccount",
  "createAccount",
  "schoolTypeAndSearch",
  "confirmSchool",
  "invalidEmail",
  "offerAdminStatus",
  "contactSupport",
  "confirmSubscriptionIndividual",
  "confirmSubscriptionOther",
  "noActiveSubscriptionIndividual",
  "noActiveSubscriptionOther",
  "contactYourAdmin",
  "paymentProcessing",
  "somethingWentWrongWithPayment",
  "done",
] as const;

export type RegistrationStep = (typeof registrationSteps)[number];

/** The path NEXT_STEP and BACK walk: account lookup and creation, then the chosen pathway's steps. */
export function stepSequence(pathwaySteps: readonly RegistrationStep[]): RegistrationStep[] {
  return ["lookupAccount", "createAccount", ...pathwaySteps];
}

/** The step after `current` on the path; past the end (or from a step off the path) it is done. */
export function stepAfter(current: RegistrationStep, pathwaySteps: readonly RegistrationStep[]): RegistrationStep {
  const sequence = stepSequence(pathwaySteps);
  const index = sequence.indexOf(current);
  return index === -1 ? "done" : (sequence[index + 1] ?? "done");
}

/**
 * The step before `current` on the path; lookupAccount has none and stays.
 * From a step off the path (a forced detour such as contactYourAdmin), back
 * leads to the pathway's first step, where the choice that led there was made.
 */
export function stepBefore(current: RegistrationStep, pathwaySteps: readonly RegistrationStep[]): RegistrationStep {
  const sequence = stepSequence(pathwaySteps);
  const index = sequence.indexOf(current);
  if (index === -1) return pathwaySteps[0] ?? "lookupAccount";
  return sequence[Math.max(0, index - 1)]!;
}
