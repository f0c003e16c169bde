import { useState, type JSX } from "react";
import { isPathwayKey, pathwayKeys, pathways, type PathwayKey } from "./pathways";
import type { SelectedSchool } from "./selected-school";
import type { RegisterWizardStrings } from "./strings";
import { useElementId } from "../lib/useElementId";

export interface SchoolStepProps {
  pathway: PathwayKey | null;
  onPathwayChange: (pathway: PathwayKey | null) => void;
  school: SelectedSchool | null;
  onSchoolChange: (school: SelectedSchool | null) => void;
  onContinue: () => void;
  strings: RegisterWizardStrings;
  supportEmail: string;
}

/**
 * Stand-in for schoolTypeAndSearch until SchoolTypeAndSearchScreen (same
 * props) is merged: the pathway selector and Continue, so the flow after it
 * can be used and tested.
 */
export function SchoolStepPlaceholder({ pathway, onPathwayChange, school, onContinue, strings }: SchoolStepProps): JSX.Element {
  const id = useElementId();
  const [error, setError] = useState<string>();
  return (
    <div className="register-wizard__form" data-step="schoolTypeAndSearch">
      <h2 className="register-wizard__title" tabIndex={-1}>
        {strings.linkSchoolTitle}
      </h2>
      <div role="alert">{error && <p className="alert alert--error">{error}</p>}</div>
      <div className="form-group">
        <label className="form-label" htmlFor={`${id}-pathway`}>
          {strings.pathwayLabel}
        </label>
        <select
          className="form-select"
          id={`${id}-pathway`}
          value={pathway ?? ""}
          onChange={(event) => {
            setError(undefined);
            onPathwayChange(isPathwayKey(event.target.value) ? event.target.value : null);
          }}
        >
          <option value="">{strings.choosePathway}</option>
          {pathwayKeys.map((key) => (
            <option key={key} value={key}>
              {pathways[key].label}
            </option>
          ))}
        </select>
      </div>
      {school && <p>{school.name}</p>}
      <button
        className="button"
        type="button"
        onClick={() => {
          if (!pathway) return setError(strings.pathwayInvalid);
          onContinue();
        }}
      >
        {strings.continue}
      </button>
    </div>
  );
}
