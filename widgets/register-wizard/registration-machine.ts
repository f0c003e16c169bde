import { assign, setup } from "xstate";
import { isPathwayKey, pathways, type PathwayKey } from "./pathways";
import type { SelectedSchool } from "../../contracts/shapes/schools";
import { registrationSteps, stepAfter, stepBefore, type RegistrationStep } from "./steps";

/**
 * The registration wizard as an XState v5 machine (accounts spec, section 4,
 * "Registration machine"): pure TypeScript, no DOM, so every transition is
 * tested on its own. Each screen is a state; the widget renders the screen
 * for the current state and sends events.
 */

/** The session call's answer: `session_data.login_info.email`. */
export interface SessionData {
  login_info: { email: string } | null;
}

/**
 * Accounts spec, section 3, "Registration context". The password is left
 * out on purpose: it lives only in the createAccount form while typed.
 */
export interface RegistrationContext {
  email: string;
  firstname: string;
  lastname: string;
  phoneNumber: string;
  numberOfUsers: number;
  pathway: PathwayKey | null;
  pathwaySteps: readonly RegistrationStep[];
  selectedSchool: SelectedSchool | null;
  constituentId: number | null;
  constituentRecord: Record<string, unknown> | null;
  sessionData: SessionData | null;
}

export type RegistrationEvent =
  /** Begin: at schoolTypeAndSearch when the user is known (signed in), otherwise at lookupAccount. */
  | { type: "START" }
  /** Begin from an invitation link (returnURL and email both present): straight to createAccount. */
  | { type: "SIGN_UP_VIA_TOKEN"; email: string }
  | { type: "PATHWAY_CHOSEN"; pathway: string }
  /** On along the path, or to a named step. */
  | { type: "NEXT_STEP"; step?: RegistrationStep }
  | { type: "BACK" }
  | { type: "PAYMENT_PROCESS" }
  | { type: "PAYMENT_COMPLETE" }
  /** The lookup screen's email, kept for the createAccount form. */
  | { type: "EMAIL_CHOSEN"; email: string }
  /** createAccount signed the new person in, on this page: from now on the user is known. */
  | { type: "SIGNED_IN"; constituentId: number }
  /** The school search or manual form chose a school, or cleared it (null). */
  | { type: "SCHOOL_CHOSEN"; school: SelectedSchool | null }
  /** The school-type selector was reset: pathway, its steps and the school all go (accounts spec, section 4, "School selection"). */
  | { type: "PATHWAY_CLEARED" }
  /** Carry on where the user was: after a reload (session storage) or the email-verification link (data-resume). */
  | { type: "RESUME"; pathway: string | null; school: SelectedSchool | null; step: RegistrationStep; email?: string };

export interface RegistrationInput {
  constituentId?: number | null;
  email?: string;
}

type StepEvent = Extract<RegistrationEvent, { type: "NEXT_STEP" | "BACK" }>;

/**
 * Guarded transitions to each of `targets` (default: every step): the first whose guard passes is taken. XState targets are
 * static, so a computed target is a list like this.
 */
function transitionsTo(
  chooseTarget: (context: RegistrationContext, event: StepEvent) => RegistrationStep | undefined,
  targets: readonly RegistrationStep[] = registrationSteps,
) {
  return targets.map((target) => ({
    target: `#registration.${target}`,
    guard: ({ context, event }: { context: RegistrationContext; event: RegistrationEvent }) =>
      (event.type === "NEXT_STEP" || event.type === "BACK") && chooseTarget(context, event) === target,
  }));
}

/** A state that is a screen on the path: NEXT_STEP (without a named step) and BACK move along it. */
function screen(step: RegistrationStep) {
  return {
    on: {
      NEXT_STEP: transitionsTo(
        (context, event) => (event.type === "NEXT_STEP" && !event.step ? stepAfter(step, context.pathwaySteps) : undefined),
        reachable((steps) => stepAfter(step, steps)),
      ),
      BACK: transitionsTo((context) => stepBefore(step, context.pathwaySteps), reachable((steps) => stepBefore(step, steps))),
    },
  };
}

/**
 * The steps a screen's NEXT_STEP or BACK can lead to, over every steps list the context can hold (none, or a pathway's):
 * the same guards as a list of every step, without the transitions that could never be taken. Building fifteen of those
 * per event and screen made the machine a long task on a phone's first load of the wizard (docs/performance.md).
 */
function reachable(along: (pathwaySteps: readonly RegistrationStep[]) => RegistrationStep): RegistrationStep[] {
  const stepLists = [[], ...Object.values(pathways).map((pathway) => pathway.steps)];
  return [...new Set(stepLists.map(along))];
}

const screens = Object.fromEntries(registrationSteps.filter((step) => step !== "done").map((step) => [step, screen(step)]));

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
  },
  guards: {
    userIsKnown: ({ context }) => context.constituentId !== null,
    pathwayExists: ({ event }) => event.type === "PATHWAY_CHOSEN" && isPathwayKey(event.pathway),
  },
  actions: {
    choosePathway: assign(({ event }) => {
      if (event.type !== "PATHWAY_CHOSEN" || !isPathwayKey(event.pathway)) return {};
      return { pathway: event.pathway, pathwaySteps: pathways[event.pathway].steps };
    }),
    chooseSchool: assign(({ event }) => (event.type === "SCHOOL_CHOSEN" ? { selectedSchool: event.school } : {})),
    clearPathway: assign({ pathway: null, pathwaySteps: [], selectedSchool: null }),
    resume: assign(({ context, event }) => {
      if (event.type !== "RESUME") return {};
      const pathway = isPathwayKey(event.pathway) ? event.pathway : null;
      return {
        pathway,
        pathwaySteps: pathway ? pathways[pathway].steps : [],
        selectedSchool: event.school,
        email: event.email ?? context.email,
      };
    }),
    rememberEmail: assign(({ context, event }) =>
      event.type === "SIGN_UP_VIA_TOKEN" || event.type === "EMAIL_CHOSEN" ? { email: event.email } : { email: context.email },
    ),
  },
}).createMachine({
  id: "registration",
  initial: "lookupAccount",
  context: ({ input }) => ({
    email: input.email ?? "",
    firstname: "",
    lastname: "",
    phoneNumber: "",
    numberOfUsers: 1,
    pathway: null,
    pathwaySteps: [],
    selectedSchool: null,
    constituentId: input.constituentId ?? null,
    constituentRecord: null,
    sessionData: null,
  }),
  on: {
    START: [{ guard: "userIsKnown", target: ".schoolTypeAndSearch" }, { target: ".lookupAccount" }],
    SIGN_UP_VIA_TOKEN: { target: ".createAccount", actions: "rememberEmail" },
    EMAIL_CHOSEN: { actions: "rememberEmail" },
    SIGNED_IN: { actions: assign(({ event }) => ({ constituentId: event.constituentId })) },
    PATHWAY_CHOSEN: { guard: "pathwayExists", actions: "choosePathway" },
    // Reached when a screen's own NEXT_STEP (for an unnamed step) did not apply: a named step.
    NEXT_STEP: transitionsTo((_context, event) => (event.type === "NEXT_STEP" ? event.step : undefined)),
    SCHOOL_CHOSEN: { actions: "chooseSchool" },
    PATHWAY_CLEARED: { actions: "clearPathway" },
    // A step past sign-up needs a signed-in user; otherwise the event is ignored and the wizard starts as usual.
    RESUME: registrationSteps.map((target) => ({
      target: `#registration.${target}`,
      guard: ({ context, event }: { context: RegistrationContext; event: RegistrationEvent }) =>
        event.type === "RESUME" && event.step === target && (context.constituentId !== null || target === "lookupAccount" || target === "createAccount"),
      actions: "resume" as const,
    })),
    PAYMENT_PROCESS: [{ guard: "userIsKnown", target: ".paymentProcessing" }, { target: ".somethingWentWrongWithPayment" }],
    PAYMENT_COMPLETE: { target: ".done" },
  },
  states: {
    ...screens,
    done: { type: "final" },
  },
});
