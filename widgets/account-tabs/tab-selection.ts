import { listIndexForKey } from "../lib/list-keys";

/**
 * Which tab is selected, as pure functions of ids (WAI-ARIA APG tabs with
 * automatic activation: moving focus selects).
 */

/** "#contact" -> "contact"; percent-escapes decoded; "" for no hash. */
export function idFromHash(hash: string): string {
  const id = hash.startsWith("#") ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

/**
 * The tab to show first: the one the address's #hash names (or whose panel
 * holds the element it names), else the page's initial tab, else the first.
 */
export function initialTabId(
  tabIds: readonly string[],
  options: { hashTarget: string | null; initialTab: string | null },
): string {
  const { hashTarget, initialTab } = options;
  if (hashTarget && tabIds.includes(hashTarget)) return hashTarget;
  if (initialTab && tabIds.includes(initialTab)) return initialTab;
  return tabIds[0] ?? "";
}

/**
 * APG tab keys for a horizontal tab list: Arrow Right / Left move to the next
 * / previous tab, wrapping; Home / End to the first / last. Null for any
 * other key, so it keeps its normal meaning.
 */
export function tabIndexForKey(key: string, currentIndex: number, tabCount: number): number | null {
  return listIndexForKey(key, currentIndex, tabCount, "horizontal");
}

/**
 * The panel whose content holds the element with `elementId` (a field an
 * error summary links to, say), so a link to it can open its tab. Works on
 * content not yet in the document.
 */
export function panelIdHolding(panels: readonly { id: string; content: readonly Node[] }[], elementId: string): string | null {
  if (elementId === "") return null;
  const selector = `#${CSS.escape(elementId)}`;
  const holds = (node: Node) => node instanceof Element && (node.id === elementId || node.querySelector(selector) !== null);
  return panels.find((panel) => panel.content.some(holds))?.id ?? null;
}
