import type { JSX, Ref } from "react";
import { pathwayKeys, pathways, type PathwayKey } from "./pathways";
import { SelectField } from "./SelectField";
import type { RegisterWizardStrings } from "./strings";

interface PathwaySelectorProps {
  id: string;
  pathway: PathwayKey | null;
  /** The empty choice resets: null. */
  onChange: (pathway: PathwayKey | null) => void;
  error?: string;
  selectRef?: Ref<HTMLSelectElement>;
  strings: RegisterWizardStrings;
}

const pathwayOptions = pathwayKeys.map((key) => ({ value: key, label: pathways[key].label }));

/** The school-type selector (accounts spec, section 4, "Pathways"): a labelled select whose empty choice resets the screen. */
export function PathwaySelector({ id, pathway, onChange, error, selectRef, strings }: PathwaySelectorProps): JSX.Element {
  return (
    <SelectField
      id={id}
      name="pathway"
      label={strings.pathwayLabel}
      placeholder={strings.pathwayChoose}
      options={pathwayOptions}
      value={pathway}
      onChange={onChange}
      error={error}
      selectRef={selectRef}
    />
  );
}
