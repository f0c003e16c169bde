import { DEFAULT_NEXT_PATH, destinationAfterSignIn, linkSchoolPath } from "../../../contracts/rules/sign-in-destination";

/* The one rule the no-JavaScript login form, the sign-in link and the login widget all apply (accounts spec, section 4). */

const now = new Date("2026-03-01T12:00:00Z");
const member = { IsLoggedIn: true, affiliation_type: "individual", school_membership_data: { ExpirationDateTime: "2026-03-01T12:00:01Z" } };

describe("destinationAfterSignIn", () => {
  it("sends a member with an affiliation and an unexpired membership to next", () => {
    expect(destinationAfterSignIn(member, "/resources/", now)).toBe("/resources/");
  });

  it("sends a member to My account when there is no next (the spec's default post-login destination)", () => {
    expect(DEFAULT_NEXT_PATH).toBe("/account/my-account/");
    expect(destinationAfterSignIn(member, null, now)).toBe("/account/my-account/");
  });

  it.each([
    ["expired at this moment", { ...member, school_membership_data: { ExpirationDateTime: "2026-03-01T12:00:00Z" } }],
    ["no membership", { ...member, school_membership_data: null }],
    ["an unreadable expiry", { ...member, school_membership_data: { ExpirationDateTime: "next year" } }],
    ["no affiliation", { ...member, affiliation_type: null }],
    ["IsLoggedIn false", { ...member, IsLoggedIn: false }],
    ["an answer with none of the fields", {}],
  ])("with %s goes to link a school, keeping next", (_case, standing) => {
    expect(destinationAfterSignIn(standing, "/resources/?page=2", now)).toBe("/account/register/?link-school=true&next=%2Fresources%2F%3Fpage%3D2");
  });

  it("keeps the default destination for after linking a school when there is no next", () => {
    expect(destinationAfterSignIn({ IsLoggedIn: true }, null, now)).toBe("/account/register/?link-school=true&next=%2Faccount%2Fmy-account%2F");
  });

  it("does not wrap a next that is the link-school wizard already (a confirmed email's resume link), on this site only", () => {
    const resume = "/account/register/?link-school=true&resume=abc";
    expect(destinationAfterSignIn({ IsLoggedIn: true }, resume, now)).toBe(resume);
    expect(destinationAfterSignIn({ IsLoggedIn: true }, "/account/register/?next=%2F", now)).toBe(
      "/account/register/?link-school=true&next=%2Faccount%2Fregister%2F%3Fnext%3D%252F",
    );
    expect(destinationAfterSignIn({ IsLoggedIn: true }, "https://evil.example/account/register/?link-school=true", now)).toBe(
      "/account/register/?link-school=true&next=https%3A%2F%2Fevil.example%2Faccount%2Fregister%2F%3Flink-school%3Dtrue",
    );
  });

  it("builds the link-school address", () => {
    expect(linkSchoolPath("/account/my-account/")).toBe("/account/register/?link-school=true&next=%2Faccount%2Fmy-account%2F");
  });
});
