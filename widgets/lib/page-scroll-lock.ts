/** On <html> and <body> while a modal dialog (profile, change email) is shown (static/css/components/profile-dialog.css). */
export const modalOpenClass = "modal-open";

/** The custom property the stylesheet offsets the fixed <body> by, so the page does not jump to the top. */
export const scrollOffsetProperty = "--modal-scroll-offset";

/** Undoes a lock: removes the modal-open state and scrolls back to where the page was. */
export type ReleasePageScroll = () => void;

/**
 * The spec's dialog states: on show, store the page's scroll position and
 * apply the modal-open state; on hide, remove that state and restore the
 * position.
 *
 * The modal-open state pins <body> (position: fixed), the one way to stop the
 * page behind a dialog scrolling that works on iOS too. Pinning alone would
 * show the top of the page, so <body> is offset by the stored position while
 * pinned, and the window is scrolled back there on release, instantly, even
 * where the site asks for smooth scrolling.
 */
export function lockPageScroll(doc: Document = document): ReleasePageScroll {
  const view = doc.defaultView ?? window;
  const stored = { x: view.scrollX, y: view.scrollY };
  const pageElements = [doc.documentElement, doc.body];
  doc.body.style.setProperty(scrollOffsetProperty, `${-stored.y}px`);
  for (const element of pageElements) element.classList.add(modalOpenClass);

  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const element of pageElements) element.classList.remove(modalOpenClass);
    doc.body.style.removeProperty(scrollOffsetProperty);
    view.scrollTo({ left: stored.x, top: stored.y, behavior: "instant" });
  };
}
