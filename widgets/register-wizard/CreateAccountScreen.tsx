import { useState, type FormEvent, type JSX } from "react";
import { firstInvalidField, type FieldMessages } from "./field-validation";
import { createAccount, type NewAccount } from "./registration-calls";
import type { RegisterWizardStrings } from "./strings";
import { TextField } from "./TextField";
import { useElementId } from "../lib/useElementId";
import { PASSWORD_MINIMUM_LENGTH } from "../../contracts/rules/password-policy";

interface CreateAccountScreenProps {
  email: string;
  /** Shown above the form, e.g. "No account found with that email address. Please register." */
  notice: string | null;
  next: string;
  strings: RegisterWizardStrings;
  onBack: () => void;
  /** Signed in: the wizard decides where to go (the school steps, or the invitation's returnURL). */
  /** Signed in: the new person's id, when the server gave it. */
  onCreated: (constituentId: number | null) => void;
}

type Fields = Omit<NewAccount, "next">;
const fieldOrder: (keyof Fields)[] = ["first_name", "last_name", "phone_number", "email", "password"];
const phonePattern = "\\+?[0-9 ()\\-]{6,30}";

/**
 * createAccount (accounts spec, sections 2 and 5): every field passes its
 * native check first (the first failure is shown and focused, and nothing is
 * sent); the server's field errors are shown per field; success is the wizard's to follow.
 */
export function CreateAccountScreen({ email, notice, next, strings, onBack, onCreated }: CreateAccountScreenProps): JSX.Element {
  const id = useElementId();
  const fieldId = (name: keyof Fields) => `${id}-${name}`;
  const [fields, setFields] = useState<Fields>({ first_name: "", last_name: "", phone_number: "", email, password: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [alert, setAlert] = useState<string>();
  const [passwordShown, setPasswordShown] = useState(false);
  const [busy, setBusy] = useState(false);

  const messages: FieldMessages = {
    first_name: { valueMissing: strings.firstNameMissing },
    last_name: { valueMissing: strings.lastNameMissing },
    phone_number: { patternMismatch: strings.phoneInvalid },
    email: { valueMissing: strings.emailMissing, typeMismatch: strings.emailInvalid },
    password: { valueMissing: strings.passwordRule, tooShort: strings.passwordRule, patternMismatch: strings.passwordRule },
  };

  const update = (name: keyof Fields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(undefined);
    const invalid = firstInvalidField(event.currentTarget, messages);
    if (invalid) {
      setErrors({ [invalid.field.name]: invalid.message });
      invalid.field.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await createAccount({ ...fields, email: fields.email.trim().toLowerCase(), next }, strings);
    if (result.kind === "signed-in") return onCreated(result.constituentId);
    setBusy(false);
    if (result.kind === "failed") return setAlert(result.message);
    setErrors(result.errors);
    const firstWithError = fieldOrder.find((name) => result.errors[name]);
    if (firstWithError) document.getElementById(fieldId(firstWithError))?.focus();
  }

  return (
    <form className="register-wizard__form" method="post" action="/account/register/" noValidate onSubmit={submit}>
      <h2 className="register-wizard__title" tabIndex={-1}>
        {strings.createTitle}
      </h2>
      {notice && (
        <p className="alert alert--info" role="status">
          {notice}
        </p>
      )}
      <div role="alert">{alert && <p className="alert alert--error">{alert}</p>}</div>
      <TextField id={fieldId("first_name")} name="first_name" label={strings.firstNameLabel} autoComplete="given-name" required value={fields.first_name} onChange={update("first_name")} error={errors.first_name} />
      <TextField id={fieldId("last_name")} name="last_name" label={strings.lastNameLabel} autoComplete="family-name" required value={fields.last_name} onChange={update("last_name")} error={errors.last_name} />
      <TextField id={fieldId("phone_number")} name="phone_number" label={strings.phoneLabel} type="tel" autoComplete="tel" pattern={phonePattern} value={fields.phone_number} onChange={update("phone_number")} error={errors.phone_number} />
      <TextField id={fieldId("email")} name="email" label={strings.emailLabel} type="email" autoComplete="email" spellCheck={false} required value={fields.email} onChange={update("email")} error={errors.email} />
      <TextField
        id={fieldId("password")}
        name="password"
        label={strings.passwordLabel}
        type={passwordShown ? "text" : "password"}
        autoComplete="new-password"
        required
        minLength={PASSWORD_MINIMUM_LENGTH}
        // The same length check as minLength, which some engines only apply after typing.
        pattern={`.{${PASSWORD_MINIMUM_LENGTH},}`}
        hint={strings.passwordHint}
        value={fields.password}
        onChange={update("password")}
        error={errors.password}
        after={
          <button type="button" className="register-wizard__toggle" aria-pressed={passwordShown} aria-controls={fieldId("password")} onClick={() => setPasswordShown((shown) => !shown)}>
            {strings.showPassword}
          </button>
        }
      />
      <div className="register-wizard__actions">
        <button className="button" type="submit" aria-disabled={busy || undefined}>
          {busy ? strings.working : strings.createSubmit}
        </button>
        <button className="button button--secondary" type="button" onClick={onBack}>
          {strings.back}
        </button>
      </div>
    </form>
  );
}
