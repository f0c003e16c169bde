import { childNodesOf } from "../lib/dom";
import { readI18n } from "../lib/i18n";
import { WidgetConfigError } from "../lib/options";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type SiteHeaderStrings = {
  menuLabel: string;
  closeLabel: string;
};

export interface SiteHeaderProps {
  /** The server's nav id, kept so links and aria-controls elsewhere still point at it. */
  navId: string | null;
  /** The nav landmark's accessible name ("Main" from the server markup). */
  navLabel: string;
  /** The page-authored menu (the link list), moved into the widget, never copied. */
  navContent: Node[];
  strings: SiteHeaderStrings;
}

export const siteHeaderDefaultStrings: SiteHeaderStrings = { menuLabel: "Menu", closeLabel: "Close" };

/**
 * Reads the main-menu root (`data-widget="site-header"`): the `<nav>` it
 * collapses and the toggle's labels. The organisation name beside it stays
 * plain server markup: the widget only owns the part that changes.
 */
export function parseSiteHeader(root: HTMLElement): SiteHeaderProps {
  const nav = root.querySelector<HTMLElement>(":scope > nav");
  if (!nav) {
    throw new WidgetConfigError(
      'site-header needs its menu as a direct child <nav class="site-header__nav" aria-label="Main"> holding the links',
    );
  }
  return {
    navId: nav.id || null,
    navLabel: nav.getAttribute("aria-label") ?? "Main",
    navContent: childNodesOf(nav),
    strings: readI18n(root, siteHeaderDefaultStrings),
  };
}
