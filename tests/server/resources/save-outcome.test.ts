import { pageAfterSave, savedNotice, signInPathFor } from "../../../server/resources/save-outcome";

describe("savedNotice", () => {
  it("names the resource in the save and remove notices", () => {
    expect(savedNotice({ title: "Macbeth" }, true)).toEqual({ variant: "success", text: "Saved “Macbeth” to your resources." });
    expect(savedNotice({ title: "Macbeth" }, false)).toEqual({ variant: "success", text: "Removed “Macbeth” from your saved resources." });
  });
});

describe("pageAfterSave", () => {
  it("goes back to a same-site path, query and fragment kept", () => {
    expect(pageAfterSave("/resources/?subject=drama&page=3#results", { slug: "macbeth" })).toBe("/resources/?subject=drama&page=3#results");
  });

  it.each(["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", undefined, ["/a"]])(
    "falls back to the resource's page for next %j",
    (next) => {
      expect(pageAfterSave(next, { slug: "macbeth" })).toBe("/resources/macbeth/");
    },
  );

  it("falls back to the listing when there is no resource", () => {
    expect(pageAfterSave("//evil.example")).toBe("/resources/");
  });
});

describe("signInPathFor", () => {
  it("signs in, then returns to the page, encoded", () => {
    expect(signInPathFor("/resources/?page=2&sort=title")).toBe("/account/login/?next=%2Fresources%2F%3Fpage%3D2%26sort%3Dtitle");
  });

  it("returns to the listing for an unsafe next", () => {
    expect(signInPathFor("https://evil.example/")).toBe("/account/login/?next=%2Fresources%2F");
  });
});
