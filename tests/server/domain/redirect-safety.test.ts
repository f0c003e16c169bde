import { DEFAULT_NEXT_PATH, safeNextPath } from "../../../server/domain/redirect-safety";

describe("safeNextPath", () => {
  it.each(["/account/my-account/", "/resources/?page=2&type=film#top", "/", "/events/macbeth-2026/"])("keeps the same-site path %j", (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "http:evil.example",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "/\t/evil.example",
    "/\n/evil.example",
    " /account/",
    "evil.example",
    "account/my-account/",
    "",
  ])("falls back for %j", (payload) => {
    expect(safeNextPath(payload)).toBe(DEFAULT_NEXT_PATH);
  });

  it("falls back for values that are not strings", () => {
    expect(safeNextPath(undefined)).toBe("/account/my-account/");
    expect(safeNextPath(["/a/", "/b/"])).toBe("/account/my-account/");
  });

  it("uses the given fallback", () => {
    expect(safeNextPath("//evil.example", "/")).toBe("/");
  });
});
