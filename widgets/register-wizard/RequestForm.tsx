import { useLayoutEffect, useRef, useState, type JSX, type ReactNode } from "react";
import { useElementId } from "../lib/useElementId";
import { useOneCallAtATime } from "../lib/useOneCallAtATime";
import { MessageField } from "./MessageField";
import type { RequestOutcome } from "./request-calls";
import { ActionButton } from "./ScreenParts";

/*
 * A request sent from a wizard ending (docs/requests.md): its own titled part
 * of the screen, what it will send (`intro`), an optional message and one
 * button. Once sent, the form gives way to what happens next, which takes
 * focus; a message the server refuses is shown on the field, anything else
 * above the button, and the form stays to try again.
 */

interface RequestFormProps<Answer> {
  title: string;
  intro: ReactNode;
  messageLabel: string;
  messageHint?: string;
  submitLabel: string;
  busyLabel: string;
  /** Sends the request with the message typed. */
  send: (message: string) => Promise<RequestOutcome<Answer>>;
  /** What happens next, once sent. */
  confirmation: (answer: Answer) => ReactNode;
  /** The address must be proven first (the parent sends the link); without it, said as a failure. */
  onNeedsVerification?: () => Promise<void>;
  /** Said when the request could not be sent and the server gave no reason. */
  failed: string;
}

export function RequestForm<Answer>(props: RequestFormProps<Answer>): JSX.Element {
  const [message, setMessage] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ answer: Answer } | null>(null);
  const { busy, run } = useOneCallAtATime<"send">();
  const headingId = useElementId("request");
  const messageId = useElementId("request-message");
  const confirmation = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);

  const send = () =>
    run("send", async () => {
      setError(null);
      setFieldError(null);
      const outcome = await props.send(message);
      if (outcome.kind === "sent") return setSent({ answer: outcome.answer });
      if (outcome.kind === "field-error") return setFieldError(outcome.message);
      if (outcome.kind === "needs-verification") return props.onNeedsVerification ? props.onNeedsVerification() : setError(props.failed);
      setError(outcome.message);
    });

  return (
    <section className="register-wizard__request" aria-labelledby={headingId}>
      <h3 className="register-wizard__subtitle" id={headingId}>
        {props.title}
      </h3>
      {sent ? (
        <div role="status">
          <p className="alert alert--success" ref={confirmation} tabIndex={-1}>
            {props.confirmation(sent.answer)}
          </p>
        </div>
      ) : (
        <>
          {props.intro}
          {/* Inserted when there is one (an alert is announced on insertion), so the screen's own alert region stays the only empty one. */}
          {error && (
            <p className="alert alert--error" role="alert">
              {error}
            </p>
          )}
          <MessageField id={messageId} label={props.messageLabel} hint={props.messageHint} value={message} error={fieldError} onChange={setMessage} />
          <div className="register-wizard__actions">
            <ActionButton busy={busy === "send"} busyLabel={props.busyLabel} onClick={() => void send()}>
              {props.submitLabel}
            </ActionButton>
          </div>
        </>
      )}
    </section>
  );
}
