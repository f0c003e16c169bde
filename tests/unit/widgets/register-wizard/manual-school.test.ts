import type { StateOption } from "../../../../widgets/register-wizard/find-state";
import {
  buildManualSchool,
  emptyManualInput,
  manualSchoolErrors,
  needsSchoolName,
  withCountry,
  withState,
  type ManualMessages,
  type ManualSchoolInput,
} from "../../../../widgets/register-wizard/manual-school";

const states: StateOption[] = [
  { value: 1, label: "Kent", countryValue: 209 },
  { value: 3, label: "Lisboa", countryValue: 172 },
];

const filled: ManualSchoolInput = {
  schoolName: "  Lisbon Arts School ",
  addressLine1: " Rua das Flores 12 ",
  addressLine2: "",
  city: "Lisbon",
  country: 172,
  state: 3,
  postalCode: " 1200-195 ",
};

const messages: ManualMessages = {
  schoolNameMissing: "name",
  addressLine1Missing: "line1",
  cityMissing: "city",
  countryMissing: "country",
  stateMissing: "state",
  postalCodeMissing: "postcode",
};

describe("buildManualSchool", () => {
  it("builds the selected school, trimmed, with the state's name as county and no id, type or URN", () => {
    expect(buildManualSchool(filled, "international", states)).toEqual({
      name: "Lisbon Arts School",
      addressLine1: "Rua das Flores 12",
      addressLine2: "",
      addressLine3: "",
      city: "Lisbon",
      state: 3,
      county: "Lisboa",
      postalCode: "1200-195",
      country: 172,
      type: null,
      URN: null,
      constituentId: null,
      membershipDetails: null,
      totalAvailable: null,
      benefitUsage: null,
    });
  });

  it("is null until address line 1 and the postcode are given", () => {
    expect(buildManualSchool({ ...filled, addressLine1: "  " }, "consortium", states)).toBeNull();
    expect(buildManualSchool({ ...filled, postalCode: "" }, "consortium", states)).toBeNull();
    expect(buildManualSchool(emptyManualInput, "individual", states)).toBeNull();
  });

  it("needs the name only for international and independent-school pathways", () => {
    const nameless = { ...filled, schoolName: " " };
    expect(buildManualSchool(nameless, "international", states)).toBeNull();
    expect(buildManualSchool(nameless, "independent-school", states)).toBeNull();
    expect(buildManualSchool(nameless, "individual", states)?.name).toBe("");
    expect(buildManualSchool(nameless, "consortium", states)?.addressLine1).toBe("Rua das Flores 12");
    expect(needsSchoolName("state-school")).toBe(false);
  });

  it("uses country 209 when the country is missing", () => {
    expect(buildManualSchool({ ...filled, country: null, state: null }, "individual")).toMatchObject({ country: 209, state: null, county: null });
  });
});

describe("country and state", () => {
  it("keeps a state of the new country and drops one of another country", () => {
    expect(withCountry(filled, 172, states)).toMatchObject({ country: 172, state: 3 });
    expect(withCountry(filled, 209, states)).toMatchObject({ country: 209, state: null });
    expect(withCountry(filled, 555, states)).toMatchObject({ country: 555, state: null });
  });

  it("sets the country from a chosen state, and clears only the state when none is chosen", () => {
    expect(withState({ ...filled, country: null, state: null }, 1, states)).toMatchObject({ country: 209, state: 1 });
    expect(withState(filled, null, states)).toMatchObject({ country: 172, state: null });
  });
});

describe("manualSchoolErrors", () => {
  it("lists every missing required field", () => {
    expect(manualSchoolErrors(emptyManualInput, "independent-school", { countriesLoaded: true, states }, messages)).toEqual({
      schoolName: "name",
      addressLine1: "line1",
      city: "city",
      country: "country",
      postalCode: "postcode",
    });
  });

  it("asks for a state only when the chosen country has states, and for the name only where needed", () => {
    const noState = { ...filled, state: null };
    expect(manualSchoolErrors(noState, "individual", { countriesLoaded: true, states }, messages)).toEqual({ state: "state" });
    expect(manualSchoolErrors({ ...noState, country: 555, schoolName: "" }, "individual", { countriesLoaded: true, states }, messages)).toEqual({});
  });

  it("does not ask for a country when the countries could not be loaded", () => {
    expect(manualSchoolErrors({ ...filled, country: null, state: null }, "individual", { countriesLoaded: false, states: [] }, messages)).toEqual({});
  });
});
