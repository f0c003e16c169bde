import { useEffect, useRef, useState } from "react";
import type { RegisterWizardProps } from "./parse";
import { paymentCalls } from "./payment-calls";
import { confirmOrder, returnStart, type PaymentCalls } from "./payment-flow";
import type { RegistrationEvent } from "./registration-machine";
import type { RegistrationStep } from "./steps";
import type { RegisterWizardStrings } from "./strings";
import type { SelectedSchool } from "../../contracts/shapes/schools";

interface PaymentReturnInput {
  props: RegisterWizardProps;
  step: RegistrationStep;
  send: (event: RegistrationEvent) => void;
  /** The wizard's move to another screen, with that screen's message. */
  go: (event: RegistrationEvent, message?: string | null, error?: string | null) => void;
  calls?: PaymentCalls;
}

/**
 * Back from the payment page (accounts spec, section 4, "Subscription and
 * payment"): at paymentProcessing the order is fetched once and the wizard
 * finishes (the individual's own membership, or the school's, whose admin
 * the payer now is); a failure goes to somethingWentWrongWithPayment.
 * Answers the status line to show above the screen: declined, cancelled and
 * failed only show their message.
 */
export function usePaymentReturn({ props, step, send, go, calls = paymentCalls }: PaymentReturnInput): string | null {
  const { strings } = props;
  const [notice, setNotice] = useState<string | null>(() => initialNotice(props.paymentStatus, strings));
  const started = useRef(false);

  useEffect(() => {
    if (step !== "paymentProcessing" || started.current || props.constituentId === null) return;
    started.current = true;
    const input = { sessionId: props.sessionId, constituentId: props.constituentId, individualLevelId: props.individualLevelId, individualMonthlyLevelId: props.individualMonthlyLevelId };
    void confirmOrder(input, calls, strings).then((outcome) => {
      if (outcome.kind === "failed") {
        setNotice(strings.paymentFailed);
        // The screen itself says "Payment processing failed. Please try again."
        return go({ type: "NEXT_STEP", step: "somethingWentWrongWithPayment" });
      }
      if (outcome.kind === "individual") {
        send({ type: "SCHOOL_CHOSEN", school: null });
        return go({ type: "PAYMENT_COMPLETE" }, strings.paymentApproved);
      }
      send({ type: "SCHOOL_CHOSEN", school: recipientSchool(outcome.school) });
      go({ type: "PAYMENT_COMPLETE" }, `${strings.paymentApproved} ${strings.paidSchoolAdmin.replace("{school}", outcome.school.name)}`);
    });
  }, [step, props.constituentId, props.sessionId, props.individualLevelId, props.individualMonthlyLevelId, calls, strings, send, go]);

  return notice;
}

function initialNotice(paymentStatus: string | null, strings: RegisterWizardStrings): string | null {
  const start = returnStart(paymentStatus);
  // The spec's message, then in plain words that nothing was charged and what to do next.
  if (start.kind === "message") return start.status === "declined" ? `${strings.paymentDeclined} ${strings.paymentDeclinedNext}` : `${strings.paymentCancelled} ${strings.paymentCancelledNext}`;
  if (start.kind === "failed") return strings.paymentFailed;
  // approved: the processing screen speaks, then done says it is approved.
  return null;
}

/** The membership's recipient as the school the done screen names. */
function recipientSchool({ constituentId, name }: { constituentId: number; name: string }): SelectedSchool {
  return {
    name,
    addressLine1: "",
    addressLine2: "",
    addressLine3: "",
    city: "",
    state: null,
    county: null,
    postalCode: "",
    country: 209,
    type: null,
    URN: null,
    constituentId,
    membershipDetails: null,
    totalAvailable: null,
    benefitUsage: null,
  };
}
