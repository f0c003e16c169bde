import { progressRatio, progressWidth } from "../../../../widgets/carousel/progress";

describe("progressRatio", () => {
  it("is (index + 1) / pages", () => {
    expect(progressRatio(0, 4)).toBe(0.25);
    expect(progressRatio(1, 4)).toBe(0.5);
    expect(progressRatio(3, 4)).toBe(1);
  });

  it("is full when everything fits on one page", () => {
    expect(progressRatio(0, 1)).toBe(1);
    expect(progressRatio(0, 0)).toBe(1);
  });

  it("stays between 0 and 1 for an index outside the pages", () => {
    expect(progressRatio(7, 4)).toBe(1);
    expect(progressRatio(-3, 4)).toBe(0);
  });
});

describe("progressWidth", () => {
  it("gives a CSS percentage, rounded so the style stays readable", () => {
    expect(progressWidth(0, 5)).toBe("20%");
    expect(progressWidth(0, 3)).toBe("33.3333%");
    expect(progressWidth(2, 3)).toBe("100%");
  });
});
