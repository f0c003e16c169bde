/** How a list of controls is laid out, which decides its arrow keys. */
export type ListOrientation = "vertical" | "horizontal";

const arrowKeys = {
  vertical: { next: "ArrowDown", previous: "ArrowUp" },
  horizontal: { next: "ArrowRight", previous: "ArrowLeft" },
} as const;

/**
 * WAI-ARIA APG keys for moving focus along a list of controls (accordion
 * headers, tabs): the arrows of its orientation move to the next / previous
 * control, wrapping at the ends; Home / End to the first / last. Returns the
 * index to focus, or null for any other key, so it keeps its normal meaning.
 */
export function listIndexForKey(key: string, currentIndex: number, count: number, orientation: ListOrientation): number | null {
  if (count < 1) return null;
  switch (key) {
    case arrowKeys[orientation].next:
      return (currentIndex + 1) % count;
    case arrowKeys[orientation].previous:
      return (currentIndex - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
