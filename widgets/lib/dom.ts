/**
 * The live child nodes of an element as a plain array (a snapshot, so moving
 * the nodes later does not change it). Empty for a missing element, so
 * parse() can pass an optional query straight in.
 */
export function childNodesOf(element: Element | null): Node[] {
  return element ? Array.from(element.childNodes) : [];
}

/**
 * What the visitor has already typed into the server-rendered field named
 * `name` inside `root`, or "": a widget that replaces the markup starts from
 * it, so typing before the script arrives is never lost.
 */
export function typedValue(root: Element, name: string): string {
  const field = root.querySelector<HTMLInputElement | HTMLTextAreaElement>(`input[name="${CSS.escape(name)}"], textarea[name="${CSS.escape(name)}"]`);
  return field?.value ?? "";
}
