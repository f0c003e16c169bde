import { childNodesOf } from "../lib/dom";
import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError } from "../lib/options";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type ToolsPanelStrings = {
  /** The narrow-screen toggle while the panel is folded. */
  show: string;
  /** The toggle while it is open. */
  hide: string;
};

export const TOOLS_PANEL_STRINGS: ToolsPanelStrings = { show: "Show tools", hide: "Hide tools" };

export interface ToolsPanelProps {
  title: string;
  titleId: string;
  bodyId: string;
  /** The list (Save, Share, Print, Notes): moved, never copied, so the widgets inside keep working. */
  bodyContent: Node[];
  /** The Print button inside the list, hidden without a script; null when the markup has none. */
  printButton: HTMLButtonElement | null;
  /** The "Your notes (n)" link, whose count follows notes saved or deleted on the page; null when there is none. */
  notesLink: HTMLAnchorElement | null;
  /** From this width the panel is always open and the toggle hidden. */
  wideMedia: string;
  strings: ToolsPanelStrings;
}

const toolsPanelOptions = {
  // 64em is --bp-desktop (static/css/tokens.css), the width the CSS uses too.
  wideMedia: { type: "string", default: "(min-width: 64em)" },
} as const;

/**
 * Reads `data-widget="tools-panel"` (templates/macros/tools-panel.njk): the
 * `.tools-panel__title` heading (with an id) and the `.tools-panel__body`
 * region (with an id). Options: data-wide-media, data-i18n-show, data-i18n-hide.
 */
export function parseToolsPanel(root: HTMLElement): ToolsPanelProps {
  const title = root.querySelector<HTMLElement>(".tools-panel__title");
  const body = root.querySelector<HTMLElement>(".tools-panel__body");
  if (!title?.id || !body?.id) {
    throw new WidgetConfigError('tools-panel needs an <h2 class="tools-panel__title" id="..."> and a <div class="tools-panel__body" id="...">');
  }
  return {
    title: title.textContent?.trim() ?? "",
    titleId: title.id,
    bodyId: body.id,
    bodyContent: childNodesOf(body),
    printButton: body.querySelector<HTMLButtonElement>("button[data-tools-print]"),
    notesLink: body.querySelector<HTMLAnchorElement>("a.tools-panel__notes"),
    wideMedia: readOptions(root, toolsPanelOptions).wideMedia.trim() || toolsPanelOptions.wideMedia.default,
    strings: readI18n(root, TOOLS_PANEL_STRINGS),
  };
}
