/**
 * The live child nodes of an element as a plain array (a snapshot, so moving
 * the nodes later does not change it). Empty for a missing element, so
 * parse() can pass an optional query straight in.
 */
export function childNodesOf(element: Element | null): Node[] {
  return element ? Array.from(element.childNodes) : [];
}
