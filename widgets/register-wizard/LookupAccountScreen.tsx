import { useState, type FormEvent, type JSX } from "react";
import { firstInvalidField } from "./field-validation";
import { lookUpAccount } from "./registration-calls";
import type { RegisterWizardStrings } from "./strings";
import { TextField } from "./TextField";
import { useElementId } from "../lib/useElementId";

interface LookupAccountScreenProps {
  initialEmail: string;
  next: string;
  strings: RegisterWizardStrings;
  /** No account has this email: move on to creating one. */
  onNoAccount: (email: string) => void;
}

type Outcome = { kind: "existing" } | { kind: "check-email"; email: string };

/**
 * lookupAccount (accounts spec, section 2): an email; an existing account
 * gets the existing-account message, one without a password gets a
 * set-password email, and no account moves on to createAccount.
 */
export function LookupAccountScreen({ initialEmail, next, strings, onNoAccount }: LookupAccountScreenProps): JSX.Element {
  const id = useElementId();
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(undefined);
    const invalid = firstInvalidField(event.currentTarget, { email: { valueMissing: strings.emailMissing, typeMismatch: strings.emailInvalid } });
    if (invalid) {
      setFieldError(invalid.message);
      invalid.field.focus();
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    const result = await lookUpAccount(email.trim().toLowerCase(), strings);
    setBusy(false);
    if (result.kind === "none") return onNoAccount(email.trim().toLowerCase());
    if (result.kind === "existing") return setOutcome({ kind: "existing" });
    if (result.kind === "check-email") return setOutcome({ kind: "check-email", email: result.email });
    if (result.kind === "email-problem") return setFieldError(result.message);
    setAlert(result.message);
  }

  if (outcome?.kind === "check-email") {
    return (
      <div className="register-wizard__result">
        <h2 className="register-wizard__title" tabIndex={-1}>
          {strings.checkEmailTitle}
        </h2>
        <p className="alert alert--success" role="status">
          {strings.checkEmail.replace("{email}", outcome.email)}
        </p>
      </div>
    );
  }

  return (
    <form className="register-wizard__form" method="get" action="/account/lookup/" noValidate onSubmit={submit}>
      <h2 className="register-wizard__title" tabIndex={-1}>
        {strings.lookupTitle}
      </h2>
      <p>{strings.lookupIntro}</p>
      <div role="alert">
        {outcome?.kind === "existing" && (
          <div className="alert alert--error">
            <p>{strings.existingAccount}</p>
            <p>
              <a href={`/account/login/?next=${encodeURIComponent(next)}`}>{strings.signIn}</a> ·{" "}
              <a href="/account/forgot-password/">{strings.forgotPassword}</a>
            </p>
          </div>
        )}
        {alert && <p className="alert alert--error">{alert}</p>}
      </div>
      <TextField
        id={`${id}-email`}
        name="email"
        label={strings.emailLabel}
        type="email"
        autoComplete="email"
        spellCheck={false}
        required
        value={email}
        onChange={(value) => {
          setEmail(value);
          setOutcome(undefined);
        }}
        error={fieldError}
      />
      <button className="button" type="submit" aria-disabled={busy || undefined}>
        {busy ? strings.working : strings.continue}
      </button>
    </form>
  );
}
