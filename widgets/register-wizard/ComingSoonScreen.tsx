import type { JSX } from "react";
import type { RegisterWizardStrings } from "./strings";

/** Every screen after sign-up (school search, subscription, payment) until the school issue builds them. */
export function ComingSoonScreen({ step, next, strings }: { step: string; next: string; strings: RegisterWizardStrings }): JSX.Element {
  return (
    <div className="register-wizard__result" data-step={step}>
      <h2 className="register-wizard__title" tabIndex={-1}>
        {strings.comingSoonTitle}
      </h2>
      <p className="alert alert--info" role="status">
        {strings.comingSoonText}
      </p>
      <p>
        <a className="button" href={next}>
          {strings.continue}
        </a>
      </p>
    </div>
  );
}
