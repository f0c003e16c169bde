/**
 * Scrolls the tab row sideways, and only sideways, until `tab` is wholly in
 * view. On a phone the row is wider than the screen (account-tabs.css);
 * Element.scrollIntoView could also scroll the page up or down.
 */
export function scrollTabIntoRow(row: HTMLElement, tab: HTMLElement): void {
  const rowBox = row.getBoundingClientRect();
  const tabBox = tab.getBoundingClientRect();
  if (tabBox.left < rowBox.left) row.scrollLeft -= rowBox.left - tabBox.left;
  else if (tabBox.right > rowBox.right) row.scrollLeft += tabBox.right - rowBox.right;
}
