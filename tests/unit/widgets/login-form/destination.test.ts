import { destinationAfterLogin } from "../../../../widgets/login-form/destination";

const now = new Date("2026-03-01T12:00:00Z");
const valid = { IsLoggedIn: true, affiliation_type: "individual", school_membership_data: { ExpirationDateTime: "2026-03-01T12:00:01Z" } };

describe("destinationAfterLogin", () => {
  it("goes to next with an affiliation and an unexpired membership", () => {
    expect(destinationAfterLogin(valid, "/resources/", now)).toBe("/resources/");
  });

  it("falls back to the dashboard when there is no next", () => {
    expect(destinationAfterLogin(valid, null, now)).toBe("/account/dashboard/");
  });

  it.each([
    ["expired at this moment", { ...valid, school_membership_data: { ExpirationDateTime: "2026-03-01T12:00:00Z" } }],
    ["no membership", { ...valid, school_membership_data: null }],
    ["an unreadable expiry", { ...valid, school_membership_data: { ExpirationDateTime: "next year" } }],
    ["no affiliation", { ...valid, affiliation_type: null }],
    ["IsLoggedIn false", { ...valid, IsLoggedIn: false }],
  ])("with %s goes to link a school, keeping next", (_case, answer) => {
    expect(destinationAfterLogin(answer, "/resources/?page=2", now)).toBe("/account/register/?link-school=true&next=%2Fresources%2F%3Fpage%3D2");
  });

  it("does not wrap a next that is the link-school wizard already, on this site only", () => {
    const resume = "/account/register/?link-school=true&resume=abc";
    expect(destinationAfterLogin({ IsLoggedIn: true }, resume, now)).toBe(resume);
    expect(destinationAfterLogin({ IsLoggedIn: true }, "https://evil.example/account/register/?link-school=true", now)).toBe(
      "/account/register/?link-school=true&next=https%3A%2F%2Fevil.example%2Faccount%2Fregister%2F%3Flink-school%3Dtrue",
    );
  });

  it("leaves next off the link-school address when there is none", () => {
    expect(destinationAfterLogin({ IsLoggedIn: true }, null, now)).toBe("/account/register/?link-school=true");
  });
});
