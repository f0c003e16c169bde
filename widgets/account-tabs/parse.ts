import { childNodesOf } from "../lib/dom";
import { readOptions, WidgetConfigError } from "../lib/options";

export interface AccountTabPanel {
  /** The section's id: also the tab's #hash. */
  id: string;
  /** The tab's text: the section heading's. */
  label: string;
  /** Everything in the section, heading included, moved (never copied) into the tab panel. */
  content: Node[];
}

export interface AccountTabsProps {
  /** The tab list's accessible name (from the contents list's aria-label). */
  label: string;
  /** The panel to show when the address has no usable #hash; the first when null. */
  initialTab: string | null;
  panels: AccountTabPanel[];
}

const tabsOptions = { initialTab: { type: "string", default: "" } } as const;

/**
 * Reads `data-widget="account-tabs"` (templates/macros/account-tabs.njk):
 * each direct child `<section class="account-tabs__panel" id="…">` with an
 * `.account-tabs__heading`, and the `.account-tabs__contents` nav, whose
 * aria-label names the tab list. The contents list itself is not kept: the
 * tabs replace it.
 */
export function parseAccountTabs(root: HTMLElement): AccountTabsProps {
  const sections = Array.from(root.querySelectorAll<HTMLElement>(":scope > .account-tabs__panel"));
  if (sections.length === 0) {
    throw new WidgetConfigError('account-tabs needs at least one direct child <section class="account-tabs__panel" id="…"> with a heading');
  }
  const panels = sections.map((section, index): AccountTabPanel => {
    const heading = section.querySelector(":scope > .account-tabs__heading");
    const label = heading?.textContent?.trim() ?? "";
    if (!section.id || label === "") {
      throw new WidgetConfigError(
        `account-tabs section ${index + 1} needs an id (its #hash) and a direct child <h2 class="account-tabs__heading"> naming it`,
      );
    }
    return { id: section.id, label, content: childNodesOf(section) };
  });
  const contents = root.querySelector(":scope > .account-tabs__contents");
  const initialTab = readOptions(root, tabsOptions).initialTab.trim();
  return {
    label: contents?.getAttribute("aria-label")?.trim() || "Sections",
    initialTab: initialTab === "" ? null : initialTab,
    panels,
  };
}
