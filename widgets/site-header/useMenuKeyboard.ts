import { useEffect, type RefObject } from "react";

export interface MenuKeyboardOptions {
  open: boolean;
  root: HTMLElement;
  toggle: RefObject<HTMLButtonElement | null>;
  menuId: string;
  /** True once the focus trap has engaged: Tab is then the trap's. */
  trapEngaged: RefObject<boolean>;
  close: () => void;
}

/**
 * The open menu's keys that must work from the first press, before the focus
 * trap's code (fetched as the visitor reaches for the toggle) has arrived:
 * Escape closes the menu and returns focus to the toggle; Tab past the last
 * link comes back to the toggle and Shift+Tab from the toggle goes to the
 * last link, so focus never leaves the open menu. Once the trap is engaged,
 * Tab is left to it. The menu is a toggle and a flat list of links, so its
 * ends are the toggle and the last link.
 */
export function useMenuKeyboard({ open, root, toggle, menuId, trapEngaged, close }: MenuKeyboardOptions): void {
  useEffect(() => {
    if (!open) return undefined;
    const { ownerDocument } = root;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        close();
        toggle.current?.focus();
        return;
      }
      if (event.key !== "Tab" || trapEngaged.current || event.altKey || event.ctrlKey || event.metaKey) return;
      const first = toggle.current;
      const links = ownerDocument.getElementById(menuId)?.querySelectorAll<HTMLElement>("a[href]");
      const last = links?.[links.length - 1] ?? first;
      const focused = ownerDocument.activeElement;
      const outside = !root.contains(focused);
      const next = event.shiftKey ? (focused === first || outside ? last : null) : focused === last || outside ? first : null;
      if (!next) return; // inside the menu: the browser's own Tab order is the menu's
      event.preventDefault();
      next.focus();
    };
    ownerDocument.addEventListener("keydown", handleKey);
    return () => ownerDocument.removeEventListener("keydown", handleKey);
  }, [open, root, toggle, menuId, trapEngaged, close]);
}
