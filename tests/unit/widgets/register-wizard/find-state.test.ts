import { findState, statesOf, type StateOption } from "../../../../widgets/register-wizard/find-state";

const states: StateOption[] = [
  { value: 1, label: "Kent", countryValue: 209 },
  { value: 2, label: "Greater London", countryValue: 209 },
  { value: 3, label: "Lisboa", countryValue: 172 },
  { value: 4, label: "Kent", countryValue: 40 },
];

describe("findState", () => {
  it("finds a state by its numeric id, given as a number or as digits", () => {
    expect(findState(states, { id: 3 })).toEqual(states[2]);
    expect(findState(states, { id: " 2 " })).toEqual(states[1]);
  });

  it("finds a state by county name within the country, case-insensitive and trimmed", () => {
    expect(findState(states, { county: "  greater LONDON ", countryId: 209 })).toEqual(states[1]);
    expect(findState(states, { county: "kent", countryId: 40 })).toEqual(states[3]);
  });

  it("falls back to the county name when the id is unknown", () => {
    expect(findState(states, { id: 99, county: "Lisboa", countryId: 172 })).toEqual(states[2]);
  });

  it("never matches a name in another country, a blank name or a name without a country", () => {
    expect(findState(states, { county: "Lisboa", countryId: 209 })).toBeNull();
    expect(findState(states, { county: "   ", countryId: 209 })).toBeNull();
    expect(findState(states, { county: "Kent" })).toBeNull();
    expect(findState(states, { id: null })).toBeNull();
  });
});

describe("statesOf", () => {
  it("keeps the chosen country's states, or all of them without a country", () => {
    expect(statesOf(states, 209).map((state) => state.value)).toEqual([1, 2]);
    expect(statesOf(states, 999)).toEqual([]);
    expect(statesOf(states, null)).toHaveLength(4);
  });
});
