import {
  initialRotation,
  nextRotation,
  rotationIsPlaying,
  rotationIsRunning,
  type RotationEvent,
  type RotationState,
} from "../../../../widgets/carousel/rotation";

const after = (events: RotationEvent[], state: RotationState = initialRotation) => events.reduce(nextRotation, state);

describe("carousel rotation", () => {
  it("plays from the start, unless the visitor prefers reduced motion", () => {
    expect(rotationIsRunning(initialRotation, false)).toBe(true);
    expect(rotationIsRunning(initialRotation, true)).toBe(false);
    expect(rotationIsPlaying(initialRotation, true)).toBe(false);
  });

  it("pauses and plays again from the control", () => {
    const paused = after([{ type: "toggle", prefersReducedMotion: false }]);
    expect(rotationIsPlaying(paused, false)).toBe(false);
    expect(rotationIsRunning(paused, false)).toBe(false);
    const playing = after([{ type: "toggle", prefersReducedMotion: false }], paused);
    expect(rotationIsRunning(playing, false)).toBe(true);
  });

  it("plays under reduced motion only when the visitor presses Play", () => {
    const playing = after([{ type: "toggle", prefersReducedMotion: true }]);
    expect(rotationIsRunning(playing, true)).toBe(true);
  });

  it("holds still while the pointer is inside, and goes on when it leaves", () => {
    const hovered = after([{ type: "pointer", inside: true }]);
    expect(rotationIsRunning(hovered, false)).toBe(false);
    // A hold, not a choice: the control still offers Pause.
    expect(rotationIsPlaying(hovered, false)).toBe(true);
    expect(rotationIsRunning(after([{ type: "pointer", inside: false }], hovered), false)).toBe(true);
  });

  it("holds still while focus is inside, and goes on when it leaves", () => {
    const focused = after([{ type: "focus", inside: true }]);
    expect(rotationIsRunning(focused, false)).toBe(false);
    expect(rotationIsRunning(after([{ type: "focus", inside: false }], focused), false)).toBe(true);
  });

  it("stays paused after the pointer and focus leave when the visitor paused it", () => {
    const state = after([
      { type: "pointer", inside: true },
      { type: "toggle", prefersReducedMotion: false },
      { type: "pointer", inside: false },
      { type: "focus", inside: false },
    ]);
    expect(rotationIsRunning(state, false)).toBe(false);
  });
});
