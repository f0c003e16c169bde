import { lazy, Suspense, useCallback, useId, useMemo, useRef, useState, type JSX } from "react";
import type { FocusTrapProps } from "focus-trap-react";
import { AdoptedContent } from "../lib/AdoptedContent";
import type { WidgetProps } from "../runtime/definition";
import type { SiteHeaderProps } from "./parse";
import { useCloseOnWindowResize } from "./useCloseOnWindowResize";
import { useMenuKeyboard } from "./useMenuKeyboard";

// Fetched as the visitor reaches for the toggle (pointer over it, focus), not with the page: every page
// has the header, few visitors open the menu. Until it has engaged, useMenuKeyboard keeps Tab inside.
const FocusTrap = lazy(() => import("focus-trap-react").then((module) => ({ default: module.FocusTrap })));

/**
 * The main menu below the desktop breakpoint: a Menu / Close toggle and the
 * nav it collapses. CSS decides the breakpoint: at desktop width the toggle is
 * hidden and the nav is always shown, so the menu can only be opened (and the
 * focus trap only run) on narrow screens; a resize closes it.
 */
export default function SiteHeader({ root, navId, navLabel, navContent, strings }: WidgetProps<SiteHeaderProps>): JSX.Element {
  // Only for hand-written markup without an id; aria-controls needs one either way.
  const generatedNavId = `site-header-nav${useId()}`;
  const menuId = navId ?? generatedNavId;
  const [open, setOpen] = useState(false);
  const [trapNeeded, setTrapNeeded] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useCloseOnWindowResize(open, close);

  // Escape, and Tab until the trap has engaged, are handled here: they must work before the trap's code arrives.
  const trapEngaged = useRef(false);
  useMenuKeyboard({ open, root, toggle: toggleRef, menuId, trapEngaged, close });

  // The trap spans the whole root (toggle + nav), so Tab cycles through the
  // links and back to the toggle, which stays reachable to close the menu.
  const containerElements = useMemo(() => [root], [root]);
  const focusTrapOptions = useMemo<NonNullable<FocusTrapProps["focusTrapOptions"]>>(
    () => ({
      // Focus already in the menu (the toggle, or a link tabbed to while the trap's code arrived) stays put.
      initialFocus: () => (root.contains(root.ownerDocument.activeElement) ? false : (toggleRef.current ?? false)),
      fallbackFocus: () => toggleRef.current ?? root,
      // Outside clicks are the trap's (onDeactivate keeps our state in step); Escape is handled above.
      escapeDeactivates: false,
      clickOutsideDeactivates: true,
      onDeactivate: close,
      onPostActivate: () => {
        trapEngaged.current = true;
      },
      onPostDeactivate: () => {
        trapEngaged.current = false;
      },
      returnFocusOnDeactivate: true,
      setReturnFocus: () => toggleRef.current ?? false,
    }),
    [root, close],
  );

  return (
    <>
      {trapNeeded ? (
        <Suspense fallback={null}>
          <FocusTrap active={open} containerElements={containerElements} focusTrapOptions={focusTrapOptions} />
        </Suspense>
      ) : null}
      <button
        ref={toggleRef}
        type="button"
        className="site-header__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        // The trap's code is fetched as the visitor reaches for the toggle, so it is there when the menu opens.
        onPointerEnter={() => setTrapNeeded(true)}
        onFocus={() => setTrapNeeded(true)}
        onClick={() => {
          setTrapNeeded(true);
          setOpen((wasOpen) => !wasOpen);
        }}
      >
        <span className="site-header__toggle-icon" aria-hidden="true" />
        <span className="site-header__toggle-label">{open ? strings.closeLabel : strings.menuLabel}</span>
      </button>
      <AdoptedContent
        as="nav"
        id={menuId}
        aria-label={navLabel}
        className={open ? "site-header__nav is-open" : "site-header__nav"}
        nodes={navContent}
      />
    </>
  );
}
