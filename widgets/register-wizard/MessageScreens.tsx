import type { JSX, ReactNode } from "react";
import { AccountStanding } from "./AccountStanding";
import { Screen, SupportLink, fill } from "./ScreenParts";
import type { SelectedSchool } from "../../contracts/shapes/schools";
import type { RegistrationStep } from "./steps";
import type { RegisterWizardStrings } from "./strings";

type StringKey = keyof RegisterWizardStrings;

/** The screens that only say where the user stands: title, text and where to go from here (the plan screens are in SubscriptionScreens). */
const messageScreens: Partial<Record<RegistrationStep, { title: StringKey; text: StringKey; back: boolean }>> = {
  invalidEmail: { title: "invalidEmailTitle", text: "invalidEmailText", back: true },
  contactSupport: { title: "contactSupportTitle", text: "contactSupportText", back: true },
  contactYourAdmin: { title: "contactYourAdminTitle", text: "contactYourAdminText", back: true },
  paymentProcessing: { title: "paymentProcessingTitle", text: "paymentProcessing", back: false },
  somethingWentWrongWithPayment: { title: "paymentWrongTitle", text: "paymentProcessingFailed", back: true },
  done: { title: "doneTitle", text: "doneText", back: false },
};

export function isMessageStep(step: RegistrationStep): boolean {
  return step in messageScreens;
}

interface MessageScreenProps {
  step: RegistrationStep;
  school: SelectedSchool | null;
  supportEmail: string;
  next: string;
  message: string | null;
  error: string | null;
  strings: RegisterWizardStrings;
  onBack: () => void;
  /** A request the person can send from here (invalidEmail: ask to join; contactSupport: send the details), before the way on. */
  children?: ReactNode;
}

export function MessageScreen({ step, school, supportEmail, next, message, error, strings, onBack, children }: MessageScreenProps): JSX.Element {
  const screen = messageScreens[step]!;
  const schoolName = school?.name ?? "";
  // done without a school (a pathway that needs no seat): say nothing about linking.
  const text = step === "done" && !schoolName ? null : fill(strings[screen.text], { support: <SupportLink email={supportEmail} />, school: schoolName });
  return (
    <Screen step={step} title={strings[screen.title]} message={message} error={error}>
      {text && <p>{text}</p>}
      {step === "done" && <AccountStanding strings={strings} />}
      {children}
      <div className="register-wizard__actions">
        {step === "done" ? (
          <>
            <a className="button" href={strings.dashboardHref}>
              {strings.seeMembership}
            </a>
            {next !== strings.dashboardHref && (
              <a className="button button--secondary" href={next}>
                {strings.continue}
              </a>
            )}
          </>
        ) : (
          screen.back && (
            <button className="button button--secondary" type="button" onClick={onBack}>
              {strings.back}
            </button>
          )
        )}
      </div>
    </Screen>
  );
}
