/**
 * Automatic rotation of a carousel with `data-autoplay` (WCAG 2.2.2, WAI-ARIA
 * APG carousel): the visitor's pause / play choice, and the moments it is held
 * still anyway (pointer over it, keyboard focus inside it).
 *
 * Until the visitor presses the control, the carousel plays unless they prefer
 * reduced motion; pressing it is an explicit choice that wins either way.
 */
export interface RotationState {
  /** Set by the pause / play control; null until the visitor uses it. */
  choice: "play" | "pause" | null;
  pointerInside: boolean;
  /** Focus is on a slide or an arrow (not on the pause / play control itself). */
  focusInside: boolean;
}

export type RotationEvent =
  | { type: "toggle"; prefersReducedMotion: boolean }
  | { type: "pointer"; inside: boolean }
  | { type: "focus"; inside: boolean };

export const initialRotation: RotationState = { choice: null, pointerInside: false, focusInside: false };

/** What the control shows: true while the slide show is meant to play, so it offers "Pause". */
export function rotationIsPlaying(state: RotationState, prefersReducedMotion: boolean): boolean {
  return state.choice === null ? !prefersReducedMotion : state.choice === "play";
}

/** Whether the slides are actually moving on their own right now. */
export function rotationIsRunning(state: RotationState, prefersReducedMotion: boolean): boolean {
  return rotationIsPlaying(state, prefersReducedMotion) && !state.pointerInside && !state.focusInside;
}

export function nextRotation(state: RotationState, event: RotationEvent): RotationState {
  switch (event.type) {
    case "toggle":
      return { ...state, choice: rotationIsPlaying(state, event.prefersReducedMotion) ? "pause" : "play" };
    case "pointer":
      return { ...state, pointerInside: event.inside };
    case "focus":
      return { ...state, focusInside: event.inside };
  }
}
