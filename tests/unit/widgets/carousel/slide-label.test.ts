import { slideLabel } from "../../../../widgets/carousel/slide-label";

describe("slideLabel", () => {
  it('names a slide "N of M"', () => {
    expect(slideLabel("{number} of {total}", 3, 8)).toBe("3 of 8");
  });

  it("lets a translation put the numbers in its own order", () => {
    expect(slideLabel("{total} 枚中 {number} 枚目", 2, 5)).toBe("5 枚中 2 枚目");
  });
});
