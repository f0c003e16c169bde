import { useEffect, useRef, useState, type FormEvent, type JSX } from "react";
import { useElementId } from "../lib/useElementId";
import { ManualAddressForm } from "./ManualAddressForm";
import { buildManualSchool, emptyManualInput, manualFieldOrder, manualSchoolErrors, type ManualField, type ManualSchoolInput } from "./manual-school";
import { PathwaySelector } from "./PathwaySelector";
import type { PathwayKey } from "./pathways";
import { SchoolCombobox } from "./SchoolCombobox";
import { schoolFromHit } from "./school-hits";
import type { SelectedSchool } from "../../contracts/shapes/schools";
import { DEFAULT_COUNTRY_ID } from "../../contracts/rules/schools";
import { SelectedSchoolSummary } from "./SelectedSchoolSummary";
import type { RegisterWizardStrings } from "./strings";
import { useLocationData } from "./use-location-data";

export interface SchoolTypeAndSearchScreenProps {
  pathway: PathwayKey | null;
  onPathwayChange: (pathway: PathwayKey | null) => void;
  school: SelectedSchool | null;
  onSchoolChange: (school: SelectedSchool | null) => void;
  /** The pathway and school are valid: the wizard takes it from here. */
  onContinue: () => void;
  strings: RegisterWizardStrings;
  supportEmail: string;
}

type Mode = "search" | "manual";
type Errors = Partial<Record<ManualField | "pathway" | "search", string>>;

/**
 * schoolTypeAndSearch (accounts spec, sections 2 to 5): the school type
 * (pathway), then the school, found by search or typed in by hand. The
 * pathway and school belong to the wizard; this screen holds only what is
 * being typed. Continue checks the choice, focusing the first problem.
 */
export function SchoolTypeAndSearchScreen({ pathway, onPathwayChange, school, onSchoolChange, onContinue, strings, supportEmail }: SchoolTypeAndSearchScreenProps): JSX.Element {
  const id = useElementId("school");
  const location = useLocationData();
  // Homeschool always types its home address; the others type a school's only when it is not found.
  const typed = school !== null && (school.constituentId === null || pathway === "individual");
  const [mode, setMode] = useState<Mode>(typed || pathway === "individual" ? "manual" : "search");
  const [manual, setManual] = useState<ManualSchoolInput>(() => (typed ? manualInputOf(school) : emptyManualInput));
  const [errors, setErrors] = useState<Errors>({});
  // A new key remounts the combobox: its text and list start empty.
  const [searchKey, setSearchKey] = useState(0);
  const pathwayRef = useRef<HTMLSelectElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  // Most schools are in the UK: once the countries are in, an unchosen country starts as 209.
  const hasDefaultCountry = location.countries.some((country) => country.value === DEFAULT_COUNTRY_ID);
  useEffect(() => {
    if (hasDefaultCountry) setManual((current) => (current.country === null ? { ...current, country: DEFAULT_COUNTRY_ID } : current));
  }, [hasDefaultCountry]);

  const freshManual = (): ManualSchoolInput => ({ ...emptyManualInput, country: hasDefaultCountry ? DEFAULT_COUNTRY_ID : null });

  function changePathway(value: PathwayKey | null) {
    if (value === null) {
      // Accounts spec, section 4: resetting the selector clears pathway, school and manual input.
      onPathwayChange(null);
      onSchoolChange(null);
      setManual(freshManual());
      setMode("search");
      setSearchKey((key) => key + 1);
      setErrors({});
      return;
    }
    onPathwayChange(value);
    // Homeschool asks for a home address, never a school search.
    if (value === "individual" && mode === "search") setMode("manual");
    if (mode === "manual" || value === "individual") onSchoolChange(buildManualSchool(manual, value, location.states));
    setErrors(({ pathway: _, ...rest }) => rest);
  }

  function changeManual(next: ManualSchoolInput) {
    setManual(next);
    onSchoolChange(buildManualSchool(next, pathway, location.states));
    // A field the user has changed no longer shows its old error.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in next) || next[field as ManualField] === manual[field as ManualField])));
  }

  function switchMode(next: Mode) {
    setMode(next);
    setErrors(({ pathway: pathwayError }) => (pathwayError ? { pathway: pathwayError } : {}));
    if (next === "manual") {
      onSchoolChange(buildManualSchool(manual, pathway, location.states));
    } else {
      onSchoolChange(null);
      setSearchKey((key) => key + 1);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pathway) {
      setErrors({ pathway: strings.pathwayInvalid });
      pathwayRef.current?.focus();
      return;
    }
    if (mode === "manual" || pathway === "individual") {
      const found = manualSchoolErrors(manual, pathway, { countriesLoaded: location.status === "loaded", states: location.states }, strings);
      const first = manualFieldOrder.find((field) => found[field]);
      setErrors(found);
      if (first) return document.getElementById(`${id}-${first}`)?.focus();
      onSchoolChange(buildManualSchool(manual, pathway, location.states));
    } else if (!school) {
      setErrors({ search: strings.schoolNotChosen });
      searchRef.current?.focus();
      return;
    }
    setErrors({});
    onContinue();
  }

  return (
    <form className="register-wizard__form school-step" noValidate onSubmit={submit} data-step="schoolTypeAndSearch">
      <h2 className="register-wizard__title" tabIndex={-1}>
        {strings.schoolTitle}
      </h2>
      <p>{strings.schoolIntro}</p>
      <PathwaySelector id={`${id}-pathway`} pathway={pathway} onChange={changePathway} error={errors.pathway} selectRef={pathwayRef} strings={strings} />
      {pathway &&
        (mode === "search" && pathway !== "individual" ? (
          <div className="school-step__search">
            <SchoolCombobox
              key={searchKey}
              id={`${id}-search`}
              initialText={school?.name ?? ""}
              onChoose={(hit) => {
                onSchoolChange(schoolFromHit(hit));
                setErrors(({ search: _, ...rest }) => rest);
              }}
              onTyped={() => {
                if (school) onSchoolChange(null);
              }}
              error={errors.search}
              inputRef={searchRef}
              supportEmail={supportEmail}
              strings={strings}
            />
            <div aria-live="polite">{school && <SelectedSchoolSummary school={school} strings={strings} />}</div>
            <p>
              <button type="button" className="button button--secondary school-step__switch" onClick={() => switchMode("manual")}>
                {strings.enterManually}
              </button>
            </p>
          </div>
        ) : (
          <div className="school-step__manual">
            <ManualAddressForm
              idPrefix={id}
              pathway={pathway}
              input={manual}
              onChange={changeManual}
              errors={errors}
              countries={location.countries}
              states={location.states}
              locationStatus={location.status}
              strings={strings}
            />
            {pathway !== "individual" && (
              <p>
                <button type="button" className="button button--secondary school-step__switch" onClick={() => switchMode("search")}>
                  {strings.searchInstead}
                </button>
              </p>
            )}
          </div>
        ))}
      <div className="register-wizard__actions">
        <button className="button" type="submit">
          {strings.continue}
        </button>
      </div>
    </form>
  );
}

/** A hand-entered school back in the form (returning to this screen). */
function manualInputOf(school: SelectedSchool): ManualSchoolInput {
  return {
    schoolName: school.name,
    addressLine1: school.addressLine1,
    addressLine2: school.addressLine2,
    city: school.city,
    country: school.country,
    state: school.state,
    postalCode: school.postalCode,
  };
}
