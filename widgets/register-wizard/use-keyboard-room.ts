import { useCallback, useEffect, useRef, useState } from "react";

/** Phone widths, where the on-screen keyboard covers half the screen. */
const narrowScreen = "(max-width: 47.99em)";
/** Kept free under the list, so its last option does not touch the keyboard. */
const gap = 8;

/** The part of the page the person can see: the visual viewport (less the keyboard), in layout-viewport pixels. */
export interface VisibleArea {
  offsetTop: number;
  height: number;
}

/** The height left for a list that opens under a field whose bottom edge is at `fieldBottom`, above the keyboard. */
export function roomBelow(fieldBottom: number, visible: VisibleArea): number {
  return Math.max(0, Math.floor(visible.offsetTop + visible.height - fieldBottom - gap));
}

function visibleArea(): VisibleArea {
  const viewport = window.visualViewport;
  return viewport ? { offsetTop: viewport.offsetTop, height: viewport.height } : { offsetTop: 0, height: window.innerHeight };
}

/**
 * Keeps a combobox's suggestions above the on-screen keyboard (issue 23,
 * "School suggestions"): on a phone, focusing the field scrolls it to the
 * top of the screen, and while it has focus the list's height is what is
 * left between the field and the keyboard (visualViewport, where the
 * browser has it, shrinks as the keyboard opens). Wider screens keep the
 * stylesheet's height. Answers the list's maximum height (null: the
 * stylesheet's), and the focus and blur handlers for the field.
 */
export function useKeyboardRoom<Field extends HTMLElement>() {
  const field = useRef<Field | null>(null);
  const [focused, setFocused] = useState(false);
  const [room, setRoom] = useState<number | null>(null);

  const measure = useCallback(() => {
    const narrow = window.matchMedia?.(narrowScreen).matches === true;
    setRoom(narrow && field.current ? roomBelow(field.current.getBoundingClientRect().bottom, visibleArea()) : null);
  }, []);

  const bringUp = useCallback(() => {
    if (window.matchMedia?.(narrowScreen).matches !== true) return;
    // At once, not smoothly (the page's scroll-behavior): the list's height is measured from where the field lands.
    field.current?.scrollIntoView?.({ block: "start", behavior: "instant" });
    measure();
  }, [measure]);

  useEffect(() => {
    if (!focused) return;
    const viewport = window.visualViewport;
    // The keyboard opening shrinks the visible area: the field goes back to the top and the list fits what is left.
    const onResize = () => bringUp();
    viewport?.addEventListener("resize", onResize);
    viewport?.addEventListener("scroll", measure);
    window.addEventListener("resize", onResize);
    window.addEventListener("scroll", measure, { passive: true });
    return () => {
      window.removeEventListener("scroll", measure);
      viewport?.removeEventListener("resize", onResize);
      viewport?.removeEventListener("scroll", measure);
      window.removeEventListener("resize", onResize);
    };
  }, [focused, bringUp, measure]);

  const onFocus = useCallback(() => {
    setFocused(true);
    bringUp();
  }, [bringUp]);
  const onBlur = useCallback(() => setFocused(false), []);

  return { field, room, onFocus, onBlur };
}
