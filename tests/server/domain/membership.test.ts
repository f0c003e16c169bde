import { latestMembership, membershipIsValid } from "../../../server/domain/membership";
import { destinationAfterSignIn, linkSchoolPath } from "../../../server/domain/sign-in-destination";

const now = new Date("2026-03-01T12:00:00.000Z");

describe("membershipIsValid", () => {
  it("is valid only while the expiry is later than now", () => {
    expect(membershipIsValid("2026-03-01T12:00:00.001Z", now)).toBe(true);
    expect(membershipIsValid("2026-03-01T12:00:00.000Z", now)).toBe(false);
    expect(membershipIsValid(new Date("2025-12-31T00:00:00Z"), now)).toBe(false);
  });

  it("is not valid without a readable expiry", () => {
    expect(membershipIsValid(null, now)).toBe(false);
    expect(membershipIsValid(undefined, now)).toBe(false);
    expect(membershipIsValid("soon", now)).toBe(false);
  });
});

describe("latestMembership", () => {
  it("picks the one that runs longest", () => {
    const renewed = { id: 2, expires_at: "2027-01-01T00:00:00.000Z" };
    expect(latestMembership([{ id: 1, expires_at: "2026-01-01T00:00:00.000Z" }, renewed])).toBe(renewed);
    expect(latestMembership([])).toBeUndefined();
  });
});

describe("destinationAfterSignIn", () => {
  const member = { IsLoggedIn: true, affiliation_type: "individual", school_membership_data: { ExpirationDateTime: "2026-06-01T00:00:00Z" } };

  it("sends a member with a valid membership to next", () => {
    expect(destinationAfterSignIn(member, "/resources/", now)).toBe("/resources/");
  });

  it.each([
    ["an expired membership", { ...member, school_membership_data: { ExpirationDateTime: "2026-01-01T00:00:00Z" } }],
    ["no membership", { ...member, school_membership_data: null }],
    ["no affiliation", { ...member, affiliation_type: null }],
    ["not signed in", { ...member, IsLoggedIn: false }],
  ])("sends %s to link a school, keeping next", (_case, standing) => {
    expect(destinationAfterSignIn(standing, "/resources/?page=2", now)).toBe("/account/register/?link-school=true&next=%2Fresources%2F%3Fpage%3D2");
  });

  it("does not wrap a next that is the link-school wizard already (a confirmed email's resume link)", () => {
    const resume = "/account/register/?link-school=true&resume=abc";
    expect(destinationAfterSignIn({ ...member, affiliation_type: null }, resume, now)).toBe(resume);
    expect(destinationAfterSignIn({ ...member, affiliation_type: null }, "/account/register/?next=%2F", now)).toBe("/account/register/?link-school=true&next=%2Faccount%2Fregister%2F%3Fnext%3D%252F");
  });

  it("builds the link-school address", () => {
    expect(linkSchoolPath("/account/my-account/")).toBe("/account/register/?link-school=true&next=%2Faccount%2Fmy-account%2F");
  });
});
