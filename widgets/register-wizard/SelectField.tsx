import type { JSX, Ref } from "react";
import { FieldErrorMessage } from "../lib/FieldErrorMessage";

interface SelectFieldProps<Value extends string | number> {
  id: string;
  name: string;
  label: string;
  /** The empty first choice ("Choose a country"). */
  placeholder: string;
  options: readonly { value: Value; label: string }[];
  value: Value | null;
  /** The chosen option's value; the empty choice is null. */
  onChange: (value: Value | null) => void;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  selectRef?: Ref<HTMLSelectElement>;
}

/** A labelled select (ids or keys), in the markup of templates/macros/form-fields.njk's selectInput, its error linked by aria-describedby. */
export function SelectField<Value extends string | number>({
  id,
  name,
  label,
  placeholder,
  options,
  value,
  onChange,
  required,
  disabled,
  error,
  selectRef,
}: SelectFieldProps<Value>): JSX.Element {
  return (
    <div className={`form-group${error ? " form-group--error" : ""}`}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <FieldErrorMessage id={`${id}-error`} message={error} />
      <select
        ref={selectRef}
        className="form-select"
        id={id}
        name={name}
        value={value === null ? "" : String(value)}
        required={required}
        disabled={disabled}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(options.find((option) => String(option.value) === event.target.value)?.value ?? null)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
