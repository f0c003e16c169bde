import { useEffect, useRef, useState, type JSX } from "react";
import type { JoinRequestAnswer } from "../../contracts/shapes/requests";
import { useElementId } from "../lib/useElementId";
import { useOneCallAtATime } from "../lib/useOneCallAtATime";
import { MessageField } from "./MessageField";
import type { RequestCalls } from "./request-calls";
import { ActionButton, fill } from "./ScreenParts";
import type { RegisterWizardStrings } from "./strings";

/*
 * "Ask to join this school" on invalidEmail (issue 28, docs/requests.md):
 * the teacher's name and verified address go from the server's own records;
 * they add a short message. An address not yet proven gets the link first
 * (the parent's `onNeedsVerification`), which brings them back here. Once
 * sent, the form gives way to what happens next.
 */

interface AskToJoinProps {
  schoolId: number;
  schoolName: string;
  calls: Pick<RequestCalls, "askToJoin">;
  strings: RegisterWizardStrings;
  onNeedsVerification: () => Promise<void>;
}

export function AskToJoinForm({ schoolId, schoolName, calls, strings, onNeedsVerification }: AskToJoinProps): JSX.Element {
  const [message, setMessage] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<JoinRequestAnswer | null>(null);
  const { busy, run } = useOneCallAtATime<"send">();
  const headingId = useElementId("ask-to-join");
  const messageId = useElementId("ask-to-join-message");
  const confirmation = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);

  const send = () =>
    run("send", async () => {
      setError(null);
      setFieldError(null);
      const outcome = await calls.askToJoin({ schoolId, message });
      if (outcome.kind === "sent") return setSent(outcome.answer);
      if (outcome.kind === "field-error") return setFieldError(outcome.message);
      if (outcome.kind === "needs-verification") return onNeedsVerification();
      setError(outcome.message);
    });

  if (sent) {
    const { request } = sent;
    const template = sent.alreadySent ? strings.askToJoinAlreadySent : request.sentTo === "admins" ? strings.askToJoinSentAdmins : strings.askToJoinSentStaff;
    return (
      <section className="register-wizard__request" aria-labelledby={headingId}>
        <h3 className="register-wizard__subtitle" id={headingId}>
          {strings.askToJoinTitle}
        </h3>
        <div role="status">
          <p className="alert alert--success" ref={confirmation} tabIndex={-1}>
            {fill(template, { school: request.schoolName, email: <strong>{request.email}</strong> })}
          </p>
        </div>
      </section>
    );
  }
  return (
    <section className="register-wizard__request" aria-labelledby={headingId}>
      <h3 className="register-wizard__subtitle" id={headingId}>
        {strings.askToJoinTitle}
      </h3>
      <p>{fill(strings.askToJoinIntro, { school: schoolName })}</p>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <MessageField id={messageId} label={strings.askToJoinMessageLabel} hint={strings.askToJoinMessageHint} value={message} error={fieldError} onChange={setMessage} />
      <div className="register-wizard__actions">
        <ActionButton busy={busy === "send"} busyLabel={strings.working} onClick={() => void send()}>
          {strings.askToJoinSubmit}
        </ActionButton>
      </div>
    </section>
  );
}
