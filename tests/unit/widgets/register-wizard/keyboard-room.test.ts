import { describe, expect, it } from "vitest";
import { roomBelow } from "../../../../widgets/register-wizard/use-keyboard-room";

describe("room for suggestions above the keyboard", () => {
  it("is what the visible area leaves under the field, less a small gap", () => {
    expect(roomBelow(100, { offsetTop: 0, height: 667 })).toBe(559);
    // The keyboard open: the visible area is shorter.
    expect(roomBelow(100, { offsetTop: 0, height: 360 })).toBe(252);
    // Scrolled within a zoomed page: the visible area starts lower.
    expect(roomBelow(400, { offsetTop: 300, height: 360 })).toBe(252);
  });

  it("is never negative, for a field below the visible area", () => {
    expect(roomBelow(700, { offsetTop: 0, height: 360 })).toBe(0);
  });
});
