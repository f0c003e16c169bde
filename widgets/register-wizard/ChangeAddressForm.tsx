import { useRef, useState, type FormEvent, type JSX } from "react";
import { useElementId } from "../lib/useElementId";
import { firstInvalidField } from "./field-validation";
import { correctAddress } from "./registration-calls";
import type { RegisterWizardStrings } from "./strings";
import { TextField } from "./TextField";

interface ChangeAddressFormProps {
  currentEmail: string;
  strings: RegisterWizardStrings;
  /** The server changed the address and sent a new link there. */
  onChanged: (sentTo: string) => void;
}

/**
 * "Wrong address? Change it" on the check-inbox step: a disclosure (APG
 * pattern) opening a one-field form. The server re-checks the address as
 * sign-up does; its field error is shown on the field, any other refusal
 * (too many emails, already confirmed) above it.
 */
export function ChangeAddressForm({ currentEmail, strings, onChanged }: ChangeAddressFormProps): JSX.Element {
  const id = useElementId("new-email");
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(currentEmail);
  const [fieldError, setFieldError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setRefusal(undefined);
    const invalid = firstInvalidField(event.currentTarget, { email: { valueMissing: strings.emailMissing, typeMismatch: strings.emailInvalid } });
    if (invalid) {
      setFieldError(invalid.message);
      invalid.field.focus();
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    const result = await correctAddress(email.trim(), strings);
    setBusy(false);
    if (result.kind === "sent") {
      setOpen(false);
      return onChanged(result.sentTo);
    }
    if (result.kind === "field-error") {
      setFieldError(result.message);
      input.current?.focus();
      return;
    }
    setRefusal(result.message);
  }

  return (
    <div className="register-wizard__change-address">
      <button className="button button--secondary" type="button" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
        {strings.changeAddress}
      </button>
      <div id={`${id}-panel`} hidden={!open}>
        {open && (
          <form className="register-wizard__form" noValidate onSubmit={(event) => void submit(event)}>
            <p>{strings.changeAddressIntro}</p>
            <div role="alert">{refusal && <p className="alert alert--error">{refusal}</p>}</div>
            <TextField
              id={id}
              name="email"
              label={strings.newEmailLabel}
              type="email"
              autoComplete="email"
              spellCheck={false}
              required
              value={email}
              inputRef={input}
              error={fieldError}
              onChange={(value) => {
                setEmail(value);
                setFieldError(undefined);
              }}
            />
            {/* aria-disabled, not disabled, keeps it focusable while busy; a busy submit does nothing. */}
            <button className="button" type="submit" aria-disabled={busy || undefined}>
              {busy ? strings.working : strings.changeAddressSubmit}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
