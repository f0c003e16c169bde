import { addressLine, readSchoolHits, schoolFromHit, schoolSearchQuery } from "../../../../widgets/register-wizard/school-hits";

const oakfield = {
  constituentId: 7,
  name: "Oakfield Primary School",
  highlightedName: "<mark>Oakfield</mark> Primary School",
  URN: "9000001",
  type: "state",
  addressLine1: "1 Oak Lane",
  addressLine2: "",
  addressLine3: null,
  city: "Leeds",
  postalCode: "LS1 1AA",
};

describe("school search hits", () => {
  it("trims the text and keeps at most 512 characters; blank text is no search", () => {
    expect(schoolSearchQuery("  oak ")).toBe("oak");
    expect(schoolSearchQuery("x".repeat(600))).toHaveLength(512);
    expect(schoolSearchQuery("   ")).toBeNull();
  });

  it("reads hits, skipping ones without an id or a name, and refuses an answer without hits", () => {
    const hits = readSchoolHits({ hits: [oakfield, { name: "No id" }, { constituentId: 3, name: "" }] });
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ constituentId: 7, URN: "9000001", type: "state", addressLine3: "" });
    expect(() => readSchoolHits({ results: [] })).toThrow();
  });

  it("makes a chosen hit the selected school, in country 209, its membership still to be checked", () => {
    const [hit] = readSchoolHits({ hits: [oakfield] });
    expect(schoolFromHit(hit!)).toMatchObject({ name: "Oakfield Primary School", constituentId: 7, URN: "9000001", type: "state", country: 209, membershipDetails: null });
    expect(addressLine(hit!)).toBe("1 Oak Lane, Leeds, LS1 1AA");
  });
});
