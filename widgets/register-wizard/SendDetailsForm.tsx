import { useEffect, useRef, useState, type JSX } from "react";
import type { SupportEnding } from "../../contracts/rules/pathways";
import type { SupportRequestAnswer } from "../../contracts/shapes/requests";
import type { SelectedSchool } from "../../contracts/shapes/schools";
import { useElementId } from "../lib/useElementId";
import { useOneCallAtATime } from "../lib/useOneCallAtATime";
import { MessageField } from "./MessageField";
import { pathways, type PathwayKey } from "./pathways";
import type { RequestCalls } from "./request-calls";
import { ActionButton, fill } from "./ScreenParts";
import type { RegisterWizardStrings } from "./strings";

/*
 * "Send these details to our team" at an ending the wizard cannot finish
 * (issue 28, docs/requests.md): what the person has entered so far (school
 * type, school, address, number of users) is shown and sent, with an
 * optional message, so they never retype it in an email. The support address
 * stays in the screen's own text as the way without this.
 */

/** What the wizard knows at the ending. */
export interface EnteredDetails {
  pathway: PathwayKey | null;
  school: SelectedSchool | null;
  /** The number of users typed (the moreUsers ending). */
  users?: number | null;
}

interface SendDetailsProps {
  ending: SupportEnding;
  entered: EnteredDetails;
  calls: Pick<RequestCalls, "sendSupportRequest">;
  strings: RegisterWizardStrings;
}

export function SendDetailsForm({ ending, entered, calls, strings }: SendDetailsProps): JSX.Element {
  const [message, setMessage] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<SupportRequestAnswer | null>(null);
  const { busy, run } = useOneCallAtATime<"send">();
  const headingId = useElementId("send-details");
  const messageId = useElementId("send-details-message");
  const confirmation = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);

  const send = () =>
    run("send", async () => {
      setError(null);
      setFieldError(null);
      const plan = entered.users ? { planType: "school-annual" as const, users: entered.users } : null;
      const outcome = await calls.sendSupportRequest({ ending, pathway: entered.pathway, school: entered.school, plan, message });
      if (outcome.kind === "sent") return setSent(outcome.answer);
      if (outcome.kind === "field-error") return setFieldError(outcome.message);
      setError(outcome.kind === "failed" ? outcome.message : strings.requestFailed);
    });

  const lines = detailLines(entered, strings);
  return (
    <section className="register-wizard__request" aria-labelledby={headingId}>
      <h3 className="register-wizard__subtitle" id={headingId}>
        {strings.sendDetailsTitle}
      </h3>
      {sent ? (
        <div role="status">
          <p className="alert alert--success" ref={confirmation} tabIndex={-1}>
            {fill(strings.sendDetailsSent, { email: <strong>{sent.request.email}</strong> })}
          </p>
        </div>
      ) : (
        <>
          {lines.length > 0 && (
            <>
              <p>{strings.sendDetailsIntro}</p>
              <dl className="register-wizard__details">
                {lines.map(([label, value]) => (
                  <div key={label} className="register-wizard__detail">
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
          {error && (
            <p className="alert alert--error" role="alert">
              {error}
            </p>
          )}
          <MessageField id={messageId} label={strings.sendDetailsMessageLabel} value={message} error={fieldError} onChange={setMessage} />
          <div className="register-wizard__actions">
            <ActionButton busy={busy === "send"} busyLabel={strings.working} onClick={() => void send()}>
              {strings.sendDetailsSubmit}
            </ActionButton>
          </div>
        </>
      )}
    </section>
  );
}

/** The entered details as [label, value], in the order the server keeps them. */
function detailLines({ pathway, school, users }: EnteredDetails, strings: RegisterWizardStrings): [string, string][] {
  const lines: [string, string][] = [];
  if (pathway) lines.push([strings.sendDetailsSchoolType, pathways[pathway].label]);
  if (school?.name.trim()) lines.push([strings.sendDetailsSchool, school.URN ? `${school.name} (URN ${school.URN})` : school.name]);
  const address = school ? [school.addressLine1, school.addressLine2, school.addressLine3, school.city, school.postalCode].map((line) => line.trim()).filter(Boolean).join(", ") : "";
  if (address) lines.push([strings.sendDetailsAddress, address]);
  if (users) lines.push([strings.sendDetailsUsers, String(users)]);
  return lines;
}
