import { isPlainClick } from "../../../../widgets/lib/plain-click";

const plain = { button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };

describe("isPlainClick", () => {
  it("is true for a primary-button click with no modifier", () => {
    expect(isPlainClick(plain)).toBe(true);
  });

  it("is false for a middle click and for Ctrl, Cmd, Shift or Alt + click, which keep their browser meaning", () => {
    expect(isPlainClick({ ...plain, button: 1 })).toBe(false);
    expect(isPlainClick({ ...plain, ctrlKey: true })).toBe(false);
    expect(isPlainClick({ ...plain, metaKey: true })).toBe(false);
    expect(isPlainClick({ ...plain, shiftKey: true })).toBe(false);
    expect(isPlainClick({ ...plain, altKey: true })).toBe(false);
  });
});
