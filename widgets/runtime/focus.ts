/**
 * Mounting replaces the server markup, so an element that had focus (a
 * focusin can be the very thing that triggered an `interaction` widget) is
 * detached. If the widget renders an element with the same id, focus moves to
 * it, so a keyboard user does not lose their place.
 */
export function rememberFocusedId(root: HTMLElement): string | undefined {
  const focused = root.ownerDocument.activeElement;
  return focused && focused !== root && root.contains(focused) && focused.id ? focused.id : undefined;
}

export function restoreFocusById(root: HTMLElement, id: string | undefined): void {
  if (!id) return;
  const document = root.ownerDocument;
  const focused = document.activeElement;
  if (focused && focused !== document.body && focused.isConnected) return;
  const replacement = document.getElementById(id);
  if (replacement && root.contains(replacement)) replacement.focus();
}
