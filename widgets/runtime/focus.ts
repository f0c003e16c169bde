/**
 * Mounting detaches the server markup, so an element that had focus (a
 * focusin can be the very thing that triggered an `interaction` widget) loses
 * it. Afterwards focus goes back to that same element if the widget adopted
 * it, or else to the element the widget rendered with the same id, so a
 * keyboard user does not lose their place. A text field also gets its caret
 * (or selection) back, so someone typing as the widget mounts carries on
 * where they were instead of at the start of the field.
 */
export interface RememberedFocus {
  element: HTMLElement;
  id: string;
  selection?: { start: number; end: number; direction: "forward" | "backward" | "none" };
}

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** The element inside `root` that has focus, its id and, for a text field, its selection; undefined when focus is elsewhere. */
export function rememberFocus(root: HTMLElement): RememberedFocus | undefined {
  const focused = root.ownerDocument.activeElement;
  if (!(focused instanceof HTMLElement) || focused === root || !root.contains(focused)) return undefined;
  return { element: focused, id: focused.id, selection: selectionOf(focused) };
}

export function restoreFocus(root: HTMLElement, remembered: RememberedFocus | undefined): void {
  if (!remembered) return;
  const document = root.ownerDocument;
  const focused = document.activeElement;
  // The widget (or the person) already put focus somewhere that is still on the page.
  if (focused && focused !== document.body && focused !== remembered.element && focused.isConnected) return;
  const target = root.contains(remembered.element) ? remembered.element : remembered.id ? document.getElementById(remembered.id) : null;
  if (!target || !root.contains(target)) return;
  if (document.activeElement !== target) target.focus({ preventScroll: true });
  const { selection } = remembered;
  if (selection && isTextControl(target) && selectionOf(target)) {
    target.setSelectionRange(selection.start, selection.end, selection.direction);
  }
}

function isTextControl(element: Element): element is TextControl {
  return element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement;
}

/** A text field's selection; undefined for other elements and for inputs without one (checkbox, email in some browsers). */
function selectionOf(element: Element): RememberedFocus["selection"] {
  if (!isTextControl(element)) return undefined;
  try {
    const { selectionStart: start, selectionEnd: end, selectionDirection: direction } = element;
    if (start === null || end === null) return undefined;
    return { start, end, direction: direction ?? "none" };
  } catch {
    return undefined;
  }
}
