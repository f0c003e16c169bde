import { useEffect, useRef, useState, type JSX } from "react";
import type { WidgetProps } from "../runtime/definition";
import { ComingSoonScreen } from "./ComingSoonScreen";
import { CreateAccountScreen } from "./CreateAccountScreen";
import { LookupAccountScreen } from "./LookupAccountScreen";
import type { RegisterWizardProps } from "./parse";
import type { PathwayKey } from "./pathways";
import type { RegistrationEvent } from "./registration-machine";
import { SchoolTypeAndSearchScreen } from "./SchoolTypeAndSearchScreen";
import type { SelectedSchool } from "./selected-school";
import { useRegistration } from "./use-registration";

/**
 * The registration wizard (accounts spec, sections 2 and 4): the machine
 * decides the screen; this renders it. lookupAccount and createAccount are
 * built; the school and membership screens come with the school issue.
 */
export default function RegisterWizard({ constituentId, next, email, returnUrl, supportEmail, strings }: WidgetProps<RegisterWizardProps>): JSX.Element {
  const firstEvent: RegistrationEvent = returnUrl && email ? { type: "SIGN_UP_VIA_TOKEN", email } : { type: "START" };
  const { snapshot, send } = useRegistration({ constituentId, email }, firstEvent);
  const [notice, setNotice] = useState<string | null>(null);
  // The school step's choice; what happens after Continue is the school flow's (wizard-flow).
  const [pathway, setPathway] = useState<PathwayKey | null>(snapshot.context.pathway);
  const [school, setSchool] = useState<SelectedSchool | null>(null);
  const step = String(snapshot.value);
  const screenRef = useFocusOnChange(step);

  return (
    <>
      <p className="register-wizard__close">
        <a href="/">{strings.close}</a>
      </p>
      <div ref={screenRef}>
        {step === "lookupAccount" ? (
          <LookupAccountScreen
            initialEmail={snapshot.context.email}
            next={next}
            strings={strings}
            onNoAccount={(foundEmail) => {
              setNotice(strings.noAccountFound);
              send({ type: "EMAIL_CHOSEN", email: foundEmail });
              send({ type: "NEXT_STEP" });
            }}
          />
        ) : step === "createAccount" ? (
          <CreateAccountScreen email={snapshot.context.email} notice={notice} next={next} strings={strings} onBack={() => send({ type: "BACK" })} />
        ) : step === "schoolTypeAndSearch" ? (
          <SchoolTypeAndSearchScreen
            pathway={pathway}
            onPathwayChange={(key) => {
              setPathway(key);
              if (key) send({ type: "PATHWAY_CHOSEN", pathway: key });
            }}
            school={school}
            onSchoolChange={setSchool}
            onContinue={() => send({ type: "NEXT_STEP" })}
            strings={strings}
            supportEmail={supportEmail}
          />
        ) : (
          <ComingSoonScreen step={step} next={next} strings={strings} />
        )}
      </div>
    </>
  );
}

/** Moves focus to the new screen's heading when the step changes (not on first render), so keyboard and screen-reader users follow. */
function useFocusOnChange(step: string) {
  const container = useRef<HTMLDivElement>(null);
  const previous = useRef(step);
  useEffect(() => {
    if (previous.current === step) return;
    previous.current = step;
    container.current?.querySelector<HTMLElement>("h2")?.focus();
  }, [step]);
  return container;
}
