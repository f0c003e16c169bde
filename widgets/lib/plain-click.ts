/** The parts of a click event (React's or the DOM's) that say how the link was clicked. */
export interface ClickModifiers {
  button: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * A plain primary-button click, which a widget may take over. A middle click
 * or Ctrl / Cmd / Shift / Alt + click keeps its browser meaning (new tab, new
 * window, download), so the link's href still does its job.
 */
export function isPlainClick(event: ClickModifiers): boolean {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
}
