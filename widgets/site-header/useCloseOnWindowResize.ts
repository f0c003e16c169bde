import { useEffect } from "react";
import { debounce } from "../lib/debounce";

/** Public-site spec, section 9: window-resize handling is debounced at 50 ms. */
export const resizeDebounceMs = 50;

/**
 * While `active`, calls `close` once the window has stopped resizing for
 * 50 ms. A menu laid out for one width is wrong at another (a phone rotated,
 * a window dragged past the desktop breakpoint), so it starts again closed.
 */
export function useCloseOnWindowResize(active: boolean, close: () => void): void {
  useEffect(() => {
    if (!active) return undefined;
    const closeWhenSettled = debounce(close, resizeDebounceMs);
    window.addEventListener("resize", closeWhenSettled);
    return () => {
      window.removeEventListener("resize", closeWhenSettled);
      closeWhenSettled.cancel();
    };
  }, [active, close]);
}
