import { useEffect, useReducer, type RefObject } from "react";
import {
  initialRotation,
  nextRotation,
  rotationIsPlaying,
  rotationIsRunning,
} from "./rotation";
import { usePrefersReducedMotion } from "../lib/usePrefersReducedMotion";

/** The part of Splide's Autoplay component the carousel drives. */
export interface AutoplayControl {
  play(): void;
  pause(): void;
}

export interface Rotation {
  /** True while the slide show is meant to play: the control then offers "Pause". */
  playing: boolean;
  toggle(): void;
}

/**
 * Runs a `data-autoplay` carousel's rotation: plays unless the visitor prefers
 * reduced motion or pressed Pause, and holds still while the pointer is over
 * the carousel or keyboard focus is on a slide or an arrow. Focus on the
 * pause / play control itself does not hold it, so that control does what it says.
 */
export function useRotation(
  enabled: boolean,
  root: HTMLElement,
  rotationControl: RefObject<HTMLButtonElement | null>,
  autoplay: () => AutoplayControl | undefined,
): Rotation {
  const prefersReducedMotion = usePrefersReducedMotion();
  const [state, dispatch] = useReducer(nextRotation, initialRotation);
  const running = enabled && rotationIsRunning(state, prefersReducedMotion);

  useEffect(() => {
    if (!enabled) return undefined;
    const pointerIn = (): void => dispatch({ type: "pointer", inside: true });
    const pointerOut = (): void => dispatch({ type: "pointer", inside: false });
    const focusIn = (event: FocusEvent): void =>
      dispatch({ type: "focus", inside: event.target !== rotationControl.current });
    const focusOut = (event: FocusEvent): void => {
      if (!root.contains(event.relatedTarget as Node | null)) dispatch({ type: "focus", inside: false });
    };
    root.addEventListener("mouseenter", pointerIn);
    root.addEventListener("mouseleave", pointerOut);
    root.addEventListener("focusin", focusIn);
    root.addEventListener("focusout", focusOut);
    return () => {
      root.removeEventListener("mouseenter", pointerIn);
      root.removeEventListener("mouseleave", pointerOut);
      root.removeEventListener("focusin", focusIn);
      root.removeEventListener("focusout", focusOut);
    };
  }, [enabled, root, rotationControl]);

  useEffect(() => {
    if (!enabled) return;
    if (running) autoplay()?.play();
    else autoplay()?.pause();
  }, [enabled, running, autoplay]);

  return {
    playing: rotationIsPlaying(state, prefersReducedMotion),
    toggle: () => dispatch({ type: "toggle", prefersReducedMotion }),
  };
}
