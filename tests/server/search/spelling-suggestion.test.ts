import { allowedEdits, spellingCorrectionOf, titleVocabularyOf } from "../../../server/search/spelling-suggestion";

const vocabulary = titleVocabularyOf(["Macbeth", "Macbeth: the witches", "Machinal", "The Tempest", "Café scenes", "Romeo and Juliet"]);

describe("spellingCorrectionOf", () => {
  it("replaces a word missing from the titles with the nearest title word, written as the title writes it", () => {
    expect(spellingCorrectionOf(["machbeth"], vocabulary)).toEqual({ terms: ["macbeth"], text: "Macbeth" });
    expect(spellingCorrectionOf(["julet"], vocabulary)).toEqual({ terms: ["juliet"], text: "Juliet" });
    expect(spellingCorrectionOf(["cafe", "scens"], vocabulary)).toEqual({ terms: ["cafe", "scenes"], text: "Café scenes" });
  });

  it("allows one edit, or two from eight letters", () => {
    expect(allowedEdits(7)).toBe(1);
    expect(allowedEdits(8)).toBe(2);
    expect(spellingCorrectionOf(["mcabteh"], vocabulary)).toBeUndefined(); // 7 letters, more than one edit
    expect(spellingCorrectionOf(["maccbetth"], vocabulary)).toMatchObject({ terms: ["macbeth"] });
  });

  it("prefers the word in more titles when two are equally near", () => {
    const words = titleVocabularyOf(["Hamlet", "Hamlet: a guide", "Haslet"]);
    expect(spellingCorrectionOf(["hamlot"], words)?.terms).toEqual(["hamlet"]);
  });

  it("returns nothing to correct for known words, a last word being typed, short words and numbers", () => {
    expect(spellingCorrectionOf(["macbeth", "witches"], vocabulary)).toBeUndefined();
    expect(spellingCorrectionOf(["macbe"], vocabulary)).toBeUndefined();
    expect(spellingCorrectionOf(["mcb"], vocabulary)).toBeUndefined();
    expect(spellingCorrectionOf(["12345"], vocabulary)).toBeUndefined();
  });
});
