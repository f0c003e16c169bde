import { readProfileChange } from "../../../../server/accounts/profile-change-rules";

/* Pure rules of PUT /account/update-profile/ (server/accounts/profile-change-rules.ts). */
describe("readProfileChange", () => {
  const current = "priya@example.org";

  it("reads names, trimming them, with Prefix as a number", () => {
    expect(readProfileChange({ Prefix: "6", FirstName: " Priya ", LastName: "Shah " }, current)).toEqual({
      change: { names: { prefix: 6, firstName: "Priya", lastName: "Shah" } },
    });
    expect(readProfileChange({ Prefix: 2, FirstName: "A", LastName: "B" }, current).change?.names?.prefix).toBe(2);
  });

  it("defaults Prefix to -1 when it is absent, empty or null", () => {
    for (const Prefix of [undefined, "", null]) {
      expect(readProfileChange({ Prefix, FirstName: "A", LastName: "B" }, current).change?.names?.prefix).toBe(-1);
    }
  });

  it.each([["99"], ["abc"], ["1.5"], [7.5]])("refuses the prefix %j", (Prefix) => {
    expect(readProfileChange({ Prefix, FirstName: "A", LastName: "B" }, current).problems).toEqual({ Prefix: ["Choose a title from the list"] });
  });

  it("asks for both names, counting characters rather than UTF-16 units for the limit", () => {
    expect(readProfileChange({ FirstName: "", LastName: " " }, current).problems).toEqual({
      FirstName: ["Enter your first name"],
      LastName: ["Enter your last name"],
    });
    expect(readProfileChange({ FirstName: "🎭".repeat(100), LastName: "B" }, current).change).toBeDefined();
    expect(readProfileChange({ FirstName: "🎭".repeat(101), LastName: "B" }, current).problems).toEqual({
      FirstName: ["First name must be 100 characters or fewer"],
    });
  });

  it("reads an email change, normalising the address and keeping the password as typed", () => {
    expect(readProfileChange({ Email: " New@Example.ORG ", Password: " pass word " }, current)).toEqual({
      change: { email: { email: "new@example.org", password: " pass word " } },
    });
  });

  it("refuses the current address in any case or spacing", () => {
    expect(readProfileChange({ Email: " PRIYA@example.org", Password: "x" }, current).problems).toEqual({
      Email: ["Please enter a new email address"],
    });
  });

  it("needs a valid address and the current password", () => {
    expect(readProfileChange({ Email: "nope", Password: "" }, current).problems).toEqual({
      Email: ["Please enter a valid email address"],
      Password: ["Enter your current password to change your email address"],
    });
    expect(readProfileChange({ Email: "   ", Password: "x" }, current).problems).toEqual({ Email: ["Please enter your email."] });
  });

  it("reads names and email together, and asks for something when neither is sent", () => {
    const both = readProfileChange({ FirstName: "A", LastName: "B", Email: "b@example.org", Password: "x" }, current);
    expect(both.change?.names).toBeDefined();
    expect(both.change?.email).toBeDefined();
    expect(readProfileChange({ Password: "x" }, current).problems).toEqual({ __all__: ["Enter the details you want to change, then save them."] });
    expect(readProfileChange("not an object", current).problems).toBeDefined();
  });
});
