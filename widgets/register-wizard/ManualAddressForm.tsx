import type { JSX } from "react";
import type { CountryOption, StateOption } from "./find-state";
import { statesOf } from "./find-state";
import { needsSchoolName, withCountry, withState, type ManualField, type ManualSchoolInput } from "./manual-school";
import type { PathwayKey } from "./pathways";
import { SelectField } from "./SelectField";
import type { RegisterWizardStrings } from "./strings";
import { TextField } from "./TextField";

export type LocationStatus = "loading" | "loaded" | "failed";

interface ManualAddressFormProps {
  /** Each field's id is `${idPrefix}-${field}`, so the screen can focus the first invalid one. */
  idPrefix: string;
  pathway: PathwayKey | null;
  input: ManualSchoolInput;
  onChange: (input: ManualSchoolInput) => void;
  errors: Partial<Record<ManualField, string>>;
  countries: readonly CountryOption[];
  states: readonly StateOption[];
  locationStatus: LocationStatus;
  strings: RegisterWizardStrings;
}

/**
 * The school typed in by hand (accounts spec, section 3, "School manual
 * form"): part of the screen's form, so a fieldset. The states follow the
 * country; a country without states has no state to choose (and none is
 * required); choosing a state sets its country.
 */
export function ManualAddressForm({ idPrefix, pathway, input, onChange, errors, countries, states, locationStatus, strings }: ManualAddressFormProps): JSX.Element {
  const fieldId = (field: ManualField) => `${idPrefix}-${field}`;
  const text = (field: "schoolName" | "addressLine1" | "addressLine2" | "city" | "postalCode") => (value: string) => onChange({ ...input, [field]: value });
  const nameRequired = needsSchoolName(pathway);
  // Homeschool (the individual pathway): the person's home, never a school.
  const home = pathway === "individual";
  const stateChoices = statesOf(states, input.country);
  // A chosen country without states: no state to ask for. With no country yet every state is offered (choosing one sets the country).
  const stateRequired = input.country !== null && stateChoices.length > 0;
  const stateShown = locationStatus === "loaded" && stateChoices.length > 0;

  return (
    <fieldset className="school-manual">
      <legend className="school-manual__legend">{home ? strings.homeAddressTitle : strings.manualTitle}</legend>
      <div role="alert">{locationStatus === "failed" && <p className="alert alert--error">{strings.locationLoadFailed}</p>}</div>
      {!home && (
      <TextField
        id={fieldId("schoolName")}
        name="schoolName"
        label={nameRequired ? strings.schoolNameLabel : strings.schoolNameOptionalLabel}
        autoComplete="organization"
        required={nameRequired}
        value={input.schoolName}
        onChange={text("schoolName")}
        error={errors.schoolName}
      />
      )}
      <TextField id={fieldId("addressLine1")} name="addressLine1" label={strings.addressLine1Label} autoComplete="address-line1" required value={input.addressLine1} onChange={text("addressLine1")} error={errors.addressLine1} />
      <TextField id={fieldId("addressLine2")} name="addressLine2" label={strings.addressLine2Label} autoComplete="address-line2" value={input.addressLine2} onChange={text("addressLine2")} error={errors.addressLine2} />
      <TextField id={fieldId("city")} name="city" label={strings.cityLabel} autoComplete="address-level2" required value={input.city} onChange={text("city")} error={errors.city} />
      {locationStatus === "loading" && <p className="form-hint">{strings.loadingLocations}</p>}
      {locationStatus === "loaded" && (
        <SelectField
          id={fieldId("country")}
          name="country"
          label={strings.countryLabel}
          placeholder={strings.countryChoose}
          options={countries}
          value={input.country}
          required
          onChange={(country) => onChange(withCountry(input, country, states))}
          error={errors.country}
        />
      )}
      {stateShown && (
        <SelectField
          id={fieldId("state")}
          name="state"
          label={stateRequired ? strings.stateLabel : strings.stateOptionalLabel}
          placeholder={strings.stateChoose}
          options={stateChoices}
          value={input.state}
          required={stateRequired}
          onChange={(state) => onChange(withState(input, state, states))}
          error={errors.state}
        />
      )}
      <TextField
        id={fieldId("postalCode")}
        name="postalCode"
        label={strings.postalCodeLabel}
        autoComplete="postal-code"
        required
        value={input.postalCode}
        onChange={text("postalCode")}
        error={errors.postalCode}
      />
    </fieldset>
  );
}
