import { ConfigError, loadConfig } from "../../server/config";

const secret = "a-test-secret-that-is-long-enough-0123456789";
const load = (env: NodeJS.ProcessEnv) => loadConfig({ SESSION_SECRET: secret, ...env });

describe("CONTACT_SUBJECTS", () => {
  it("defaults to a sensible list of subjects", () => {
    const { contactSubjects } = load({});
    expect(contactSubjects.length).toBeGreaterThanOrEqual(3);
    expect(contactSubjects).toContain("General enquiry");
  });

  it("reads a |-separated list, trimming each subject and skipping empty ones", () => {
    expect(load({ CONTACT_SUBJECTS: " Booking a workshop |Resources & lesson plans|| Other " }).contactSubjects).toEqual([
      "Booking a workshop",
      "Resources & lesson plans",
      "Other",
    ]);
  });

  it("treats an empty value as unset", () => {
    expect(load({ CONTACT_SUBJECTS: "" }).contactSubjects).toEqual(load({}).contactSubjects);
  });

  it.each([
    ["| |", 'must list at least one subject, separated by "|"'],
    ["Same|Same", "must not list the same subject twice"],
    [`${"x".repeat(101)}|Other`, "must have subjects of 100 characters or fewer"],
  ])("refuses %j with a message naming the variable", (value, reason) => {
    expect(() => load({ CONTACT_SUBJECTS: value })).toThrow(ConfigError);
    expect(() => load({ CONTACT_SUBJECTS: value })).toThrow(`Invalid configuration: CONTACT_SUBJECTS ${reason}`);
  });
});
