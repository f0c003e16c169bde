import { EMAIL_INVALID_MESSAGE, EMAIL_MISSING_MESSAGE, emailProblem, normaliseEmail } from "../../../server/domain/email";

describe("normaliseEmail", () => {
  it("trims and lower-cases", () => {
    expect(normaliseEmail("  Ada.Okoro@School.EXAMPLE \n")).toBe("ada.okoro@school.example");
  });
});

describe("emailProblem", () => {
  it("uses the spec's messages", () => {
    expect(EMAIL_MISSING_MESSAGE).toBe("Please enter your email.");
    expect(EMAIL_INVALID_MESSAGE).toBe("Please enter a valid email address");
  });

  it.each(["ada@school.example", "a.b+drama@sub.school.org.uk"])("accepts %j", (email) => {
    expect(emailProblem(email)).toBeUndefined();
  });

  it.each(["plainaddress", "a@b", "a b@school.example", "a@@school.example", "@school.example", `${"a".repeat(250)}@b.example`])(
    "refuses %j",
    (email) => {
      expect(emailProblem(email)).toBe(EMAIL_INVALID_MESSAGE);
    },
  );

  it("asks for an email when empty", () => {
    expect(emailProblem("")).toBe(EMAIL_MISSING_MESSAGE);
  });
});
