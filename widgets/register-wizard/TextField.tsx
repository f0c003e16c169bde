import type { InputHTMLAttributes, JSX, Ref } from "react";
import { describedByOf, FieldIntro } from "./FieldIntro";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "onChange" | "value"> {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Extra control after the input (the show-password toggle). */
  after?: JSX.Element;
}

/** A labelled input with its hint and error, in the same markup as templates/macros/form-fields.njk's textInput. */
export function TextField({ id, name, label, value, onChange, error, hint, inputRef, after, ...inputAttributes }: TextFieldProps): JSX.Element {
  const describedBy = describedByOf(id, hint, error);
  const input = (
    <input
      {...inputAttributes}
      ref={inputRef}
      className="form-input"
      id={id}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    />
  );
  return (
    <div className={`form-group${error ? " form-group--error" : ""}`}>
      <FieldIntro id={id} label={label} hint={hint} error={error} />
      {after ? (
        <div className="register-wizard__password">
          {input}
          {after}
        </div>
      ) : (
        input
      )}
    </div>
  );
}
