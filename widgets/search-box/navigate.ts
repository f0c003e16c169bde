/** Opens a chosen suggestion. Its own module so component tests can watch navigation (jsdom cannot navigate). */
export function navigateTo(url: string): void {
  window.location.assign(url);
}
