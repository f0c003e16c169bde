import type { JSX, Ref } from "react";
import { pathwayKeys, pathways, type PathwayKey } from "./pathways";
import type { RegisterWizardStrings } from "./strings";

interface PathwaySelectorProps {
  id: string;
  pathway: PathwayKey | null;
  /** Any value that is not a pathway (the empty choice) resets: null. */
  onChange: (pathway: string | null) => void;
  error?: string;
  selectRef?: Ref<HTMLSelectElement>;
  strings: RegisterWizardStrings;
}

/** The school-type selector (accounts spec, section 4, "Pathways"): a labelled select whose empty choice resets the screen. */
export function PathwaySelector({ id, pathway, onChange, error, selectRef, strings }: PathwaySelectorProps): JSX.Element {
  return (
    <div className={`form-group${error ? " form-group--error" : ""}`}>
      <label className="form-label" htmlFor={id}>
        {strings.pathwayLabel}
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
        name="pathway"
        value={pathway ?? ""}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value === "" ? null : event.target.value)}
      >
        <option value="">{strings.pathwayChoose}</option>
        {pathwayKeys.map((key) => (
          <option key={key} value={key}>
            {pathways[key].label}
          </option>
        ))}
      </select>
    </div>
  );
}
