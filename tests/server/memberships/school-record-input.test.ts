import { readAddress, readOrganisation, type ReferenceLists } from "../../../server/schools/records/school-record-input";

const lists: ReferenceLists = {
  countries: [
    { Id: 209, Description: "United Kingdom" },
    { Id: 38, Description: "Canada" },
  ],
  states: [{ Id: 501, Description: "Ontario", Country: { Id: 38 } }],
  defaultCountryId: 209,
};

describe("reading a school's address record", () => {
  it("trims, defaults the country to 209 and reads ids in either form", () => {
    expect(readAddress({ Street1: " 1 Road ", City: "Leeds", PostalCode: "ls1 1aa" }, lists)).toEqual({
      ok: true,
      value: { Street1: "1 Road", Street2: "", Street3: "", City: "Leeds", PostalCode: "ls1 1aa", CountryId: 209, StateId: null, PrimaryIndicator: false, Label: "" },
    });
    const canadian = readAddress({ Street1: "1 Bay St", City: "Toronto", PostalCode: "M5J 2N8", Country: 38, State: { Id: "501" } }, lists);
    expect(canadian).toMatchObject({ ok: true, value: { CountryId: 38, StateId: 501 } });
  });

  it("names each field's problem", () => {
    expect(readAddress({ Street1: 7, City: "x".repeat(101), PostalCode: "", Country: { Id: 38 }, State: { Id: 999 } }, lists)).toEqual({
      ok: false,
      errors: {
        Street1: ["Send Street1 as text."],
        City: ["Town or city must be 100 characters or fewer."],
        PostalCode: ["Enter the postcode."],
        State: ["Choose a state or region of Canada from the list."],
      },
    });
    expect(readAddress({ Street1: "1", City: "a", PostalCode: "b", Country: { Id: "UK" } }, lists)).toEqual({ ok: false, errors: { Country: ["Choose a country from the list."] } });
  });
});

describe("reading a school organisation record", () => {
  it("keeps the name, the first address as primary and valid email addresses", () => {
    const read = readOrganisation(
      { ConstituentType: { Id: 1 }, LastName: "New School", Addresses: [{ Street1: "1 Road", City: "Leeds", PostalCode: "LS1 1AA" }], ElectronicAddresses: [{ Address: " Office@New.Sch.UK " }] },
      lists,
    );
    expect(read).toMatchObject({ ok: true, value: { LastName: "New School", Addresses: [{ PrimaryIndicator: true }], ElectronicAddresses: [{ Address: "office@new.sch.uk" }] } });
  });

  it("refuses a missing name, no address and a bad email", () => {
    expect(readOrganisation({ LastName: "", Addresses: [], ElectronicAddresses: [{ Address: "not an email" }] }, lists)).toEqual({
      ok: false,
      errors: { LastName: ["Enter the school's name."], Addresses: ["Add the school's address."], ElectronicAddresses: ["Enter each email address in the form name@example.org."] },
    });
    expect(readOrganisation("school", lists)).toMatchObject({ ok: false });
  });
});
