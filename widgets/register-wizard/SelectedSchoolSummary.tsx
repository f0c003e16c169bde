import type { JSX } from "react";
import { addressLine } from "./school-hits";
import type { SelectedSchool } from "../../contracts/shapes/schools";
import type { RegisterWizardStrings } from "./strings";

/** The school chosen from the search, as a card under the field. */
export function SelectedSchoolSummary({ school, strings }: { school: SelectedSchool; strings: RegisterWizardStrings }): JSX.Element {
  return (
    <div className="school-selected">
      <p className="school-selected__label">{strings.selectedSchoolLabel}</p>
      <p className="school-selected__name">{school.name}</p>
      {school.URN && (
        <p className="school-selected__urn">
          {strings.urnLabel} {school.URN}
        </p>
      )}
      <p className="school-selected__address">{addressLine(school)}</p>
    </div>
  );
}
