import { childNodesOf } from "../lib/dom";
import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError } from "../lib/options";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type ResourceFiltersStrings = {
  /** The narrow-screen toggle while the panel is collapsed (spec section 2). */
  showFilter: string;
  /** The narrow-screen toggle while the panel is expanded. */
  hideFilter: string;
  /** Clear all with no boxes checked. */
  clearAll: string;
  /** Clear all with N boxes checked; `{count}` is replaced by N. */
  clearAllCount: string;
  /** Announced (politely) while a change waits for the quiet period before the form is sent. */
  updating: string;
};

export const resourceFiltersDefaultStrings: ResourceFiltersStrings = {
  showFilter: "Show Filter",
  hideFilter: "Hide Filter",
  clearAll: "Clear all",
  clearAllCount: "Clear all ({count})",
  updating: "Updating results…",
};

export interface ResourceFiltersProps {
  form: HTMLFormElement;
  /** The heading and sort select: moved into the widget, never copied, so their state and ids stay. */
  headerContent: Node[];
  /** The panel's id, which the toggle's aria-controls names. */
  panelId: string;
  /** The duration select and the facet fieldsets, moved likewise. */
  fieldsContent: Node[];
  /** Boxes checked in the server markup (counted here: the form is empty while React first renders). */
  initialCheckedCount: number;
  /** From this width the panel is always expanded and the toggle hidden (docs/resources.md). */
  desktopMedia: string;
  strings: ResourceFiltersStrings;
}

const options = {
  // 64em is 1024px at the default font size: the same --bp-desktop the CSS uses.
  desktopMedia: { type: "string", default: "(min-width: 64em)" },
} as const;

/**
 * Reads the server's filter form (templates/macros/resource-filters.njk): a
 * `<form data-widget="resource-filters">` holding `.resource-filters__header`
 * and `.resource-filters__panel` (with an id) around `.resource-filters__fields`.
 * The panel's Apply button and Clear all link are left out: the widget
 * submits by itself and renders its own Clear all button.
 */
export function parseResourceFilters(root: HTMLElement): ResourceFiltersProps {
  if (!(root instanceof HTMLFormElement)) {
    throw new WidgetConfigError('resource-filters must be on the <form> itself: <form data-widget="resource-filters" method="get">');
  }
  const header = root.querySelector<HTMLElement>(":scope > .resource-filters__header");
  const panel = root.querySelector<HTMLElement>(":scope > .resource-filters__panel");
  const fields = panel?.querySelector<HTMLElement>(":scope > .resource-filters__fields");
  if (!panel || !panel.id || !fields) {
    throw new WidgetConfigError(
      'resource-filters needs a direct child <div class="resource-filters__panel" id="..."> holding a <div class="resource-filters__fields">',
    );
  }
  return {
    form: root,
    headerContent: childNodesOf(header ?? null),
    panelId: panel.id,
    fieldsContent: childNodesOf(fields),
    initialCheckedCount: fields.querySelectorAll('input[type="checkbox"]:checked').length,
    desktopMedia: readOptions(root, options).desktopMedia.trim() || options.desktopMedia.default,
    strings: readI18n(root, resourceFiltersDefaultStrings),
  };
}
