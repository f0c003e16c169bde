import { useMediaQuery } from "./useMediaQuery";

export const reducedMotionQuery = "(prefers-reduced-motion: reduce)";

/** The visitor's reduced-motion setting, kept up to date if they change it while on the page. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(reducedMotionQuery);
}
