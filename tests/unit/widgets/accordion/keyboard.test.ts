import { headerIndexForKey } from "../../../../widgets/accordion/keyboard";

describe("headerIndexForKey", () => {
  it("moves down and up one header, wrapping at both ends", () => {
    expect(headerIndexForKey("ArrowDown", 0, 3)).toBe(1);
    expect(headerIndexForKey("ArrowDown", 2, 3)).toBe(0);
    expect(headerIndexForKey("ArrowUp", 2, 3)).toBe(1);
    expect(headerIndexForKey("ArrowUp", 0, 3)).toBe(2);
  });

  it("jumps to the first header on Home and the last on End", () => {
    expect(headerIndexForKey("Home", 2, 4)).toBe(0);
    expect(headerIndexForKey("End", 0, 4)).toBe(3);
  });

  it("stays on the only header of a one-section accordion", () => {
    expect(headerIndexForKey("ArrowDown", 0, 1)).toBe(0);
    expect(headerIndexForKey("ArrowUp", 0, 1)).toBe(0);
  });

  it("leaves every other key alone", () => {
    for (const key of ["ArrowLeft", "ArrowRight", "Tab", "Enter", " ", "a"]) {
      expect(headerIndexForKey(key, 1, 3)).toBeNull();
    }
    expect(headerIndexForKey("ArrowDown", 0, 0)).toBeNull();
  });
});
