/**
 * Leaves the page for `url` (a chosen search suggestion, the destination after
 * signing in or registering). Its own module so component tests can watch
 * navigation, which jsdom cannot do.
 */
export function navigateTo(url: string): void {
  window.location.assign(url);
}
