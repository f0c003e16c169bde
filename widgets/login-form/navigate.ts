/** Leaves the page for `path`. Its own module so component tests can watch navigation (jsdom cannot navigate). */
export function navigateTo(path: string): void {
  window.location.assign(path);
}
