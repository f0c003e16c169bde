import type { JSX, Ref } from "react";

interface SelectFieldProps {
  id: string;
  name: string;
  label: string;
  /** The empty first choice ("Choose a country"). */
  placeholder: string;
  options: readonly { value: number; label: string }[];
  value: number | null;
  onChange: (value: number | null) => void;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  selectRef?: Ref<HTMLSelectElement>;
}

/** A labelled select of numeric ids, in the markup of templates/macros/form-fields.njk's selectInput, its error linked by aria-describedby. */
export function SelectField({ id, name, label, placeholder, options, value, onChange, required, disabled, error, selectRef }: SelectFieldProps): JSX.Element {
  return (
    <div className={`form-group${error ? " form-group--error" : ""}`}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {error && (
        <p className="form-error-message" id={`${id}-error`}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
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
        onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
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
