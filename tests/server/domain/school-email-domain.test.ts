import { emailDomainOf, emailMatchesSchoolDomains } from "../../../server/schools/seats/school-email-domain";

describe("school email domains", () => {
  it("reads the domain after the last @, trimmed and lower-cased", () => {
    expect(emailDomainOf("  Ann@Oakfield.SCH.uk ")).toBe("oakfield.sch.uk");
    expect(emailDomainOf("no-at-sign")).toBeUndefined();
    expect(emailDomainOf("@oakfield.sch.uk")).toBeUndefined();
    expect(emailDomainOf("ann@")).toBeUndefined();
  });

  it("matches only a whole stored domain, whatever its case, spaces or leading @", () => {
    expect(emailMatchesSchoolDomains("ann@oakfield.sch.uk", [" OAKFIELD.sch.uk "])).toBe(true);
    expect(emailMatchesSchoolDomains("ann@oakfield.sch.uk", ["@oakfield.sch.uk"])).toBe(true);
    expect(emailMatchesSchoolDomains("ann@mail.oakfield.sch.uk", ["oakfield.sch.uk"])).toBe(false);
    expect(emailMatchesSchoolDomains("ann@notoakfield.sch.uk", ["oakfield.sch.uk"])).toBe(false);
    expect(emailMatchesSchoolDomains("ann@oakfield.sch.uk", [])).toBe(false);
    expect(emailMatchesSchoolDomains("ann@oakfield.sch.uk", ["", "  "])).toBe(false);
    expect(emailMatchesSchoolDomains("not an email", ["oakfield.sch.uk"])).toBe(false);
  });
});

describe("school email domains in another Unicode spelling", () => {
  it("matches a domain typed with a combining accent (NFD) against the stored precomposed one (NFC)", () => {
    expect(emailMatchesSchoolDomains("head@e\u0301cole.example.fr", ["\u00e9cole.example.fr"])).toBe(true);
  });
});
