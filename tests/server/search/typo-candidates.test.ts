import { typoCandidates, withinOneEdit } from "../../../server/search/typo-candidates";

describe("withinOneEdit", () => {
  it.each([
    ["oakfield", "oakfield", true],
    ["oakfeild", "oakfield", true], // neighbours swapped
    ["okfield", "oakfield", true], // a letter dropped
    ["oakkfield", "oakfield", true], // a letter added
    ["oakfiald", "oakfield", true], // a letter changed
    ["oakfiled", "oakfield", true],
    ["okfeild", "oakfield", false], // two edits
    ["oak", "oakfield", false],
    ["abc", "bca", false],
  ])("%s ~ %s: %s", (a, b, expected) => {
    expect(withinOneEdit(a, b)).toBe(expected);
    expect(withinOneEdit(b, a)).toBe(expected);
  });
});

describe("typoCandidates", () => {
  const vocabulary = ["oakfield", "oakwood", "primary", "hillcrest", "hill", "9000001", "riverside"];

  it("finds whole words one edit away, and words being typed with a typo in them", () => {
    expect(typoCandidates("oakfeild", vocabulary)).toEqual(["oakfield"]);
    expect(typoCandidates("oakfei", vocabulary)).toEqual(["oakfield"]);
    expect(typoCandidates("hilcrest", vocabulary)).toEqual(["hillcrest"]);
    expect(typoCandidates("primry", vocabulary)).toEqual(["primary"]);
  });

  it("leaves short words, numbers, exact words and their prefixes alone", () => {
    expect(typoCandidates("oakf", vocabulary)).toEqual([]);
    expect(typoCandidates("9000002", vocabulary)).toEqual([]);
    expect(typoCandidates("oakfield", vocabulary)).toEqual([]);
    expect(typoCandidates("rivers", vocabulary)).toEqual([]);
  });
});
