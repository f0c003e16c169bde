import { suggestionsAnnouncement } from "../../../../widgets/search-box/announcement";
import { searchBoxDefaultStrings } from "../../../../widgets/search-box/parse";

describe("suggestionsAnnouncement", () => {
  it("says how many suggestions there are, in the singular for one", () => {
    expect(suggestionsAnnouncement(0, searchBoxDefaultStrings)).toBe("No suggestions");
    expect(suggestionsAnnouncement(1, searchBoxDefaultStrings)).toBe("1 suggestion available");
    expect(suggestionsAnnouncement(8, searchBoxDefaultStrings)).toBe("8 suggestions available");
  });

  it("puts the number into overridden words", () => {
    const strings = { ...searchBoxDefaultStrings, manySuggestions: "Mae {count} awgrym ar gael" };
    expect(suggestionsAnnouncement(5, strings)).toBe("Mae 5 awgrym ar gael");
  });
});
