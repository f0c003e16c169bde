/**
 * Two jsdom gaps that focus-trap (through tabbable) runs into, fixed for
 * every jsdom test by tests/setup/dom.ts (never in product code). They are
 * plain patches, not spies, so a test's vi.restoreAllMocks() keeps them.
 *
 * 1. jsdom does no layout, so every element reports zero client rects and
 *    tabbable() would treat every link as hidden. Each element gets one rect
 *    unless it sits inside a `hidden` subtree.
 * 2. jsdom 27's selector engine returns querySelectorAll matches for
 *    tabbable's `:not([inert] *)` selector list out of document order (the
 *    spec requires document order), so focus-trap would think the first
 *    tabbable element is the last. Matches are put back in document order.
 */
export function giveElementsLayout(): void {
  Element.prototype.getClientRects = function (this: Element) {
    return listOf(this.closest("[hidden]") ? [] : [new DOMRect(0, 0, 100, 20)]) as unknown as DOMRectList;
  };

  const querySelectorAll = Element.prototype.querySelectorAll;
  Element.prototype.querySelectorAll = function (this: Element, selectors: string) {
    const matches = Array.from(querySelectorAll.call(this, selectors));
    matches.sort((first, second) => (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    return listOf(matches) as unknown as NodeListOf<Element>;
  } as typeof Element.prototype.querySelectorAll;
}

function listOf<Item>(items: Item[]): Item[] & { item(index: number): Item | null } {
  return Object.assign(items, { item: (index: number) => items[index] ?? null });
}
