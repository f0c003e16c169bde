import { childNodesOf } from "../lib/dom";
import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError } from "../lib/options";
import { activeFilterCountIn } from "./filter-controls";
import { resourceFiltersDefaultStrings, type ResourceFiltersStrings } from "./strings";

export type { ResourceFiltersStrings } from "./strings";

export interface ResourceFiltersProps {
  form: HTMLFormElement;
  /** The heading and sort select: moved into the widget, never copied, so their state and ids stay. */
  headerContent: Node[];
  /** The panel's id, which the toggle's aria-controls names. */
  panelId: string;
  /** The duration select and the facet fieldsets, moved likewise. */
  fieldsContent: Node[];
  /** Filters in use in the server markup (counted here: the form is empty while React first renders). */
  initialCheckedCount: number;
  /** The results these filters give and the id of the results heading, when the page says (data-result-count, data-results-id). */
  results: { count: number; headingId: string } | null;
  /** From this width the panel is always expanded and the toggle hidden (docs/resources.md). */
  desktopMedia: string;
  strings: ResourceFiltersStrings;
}

const options = {
  // 64em is 1024px at the default font size: the same --bp-desktop the CSS uses.
  desktopMedia: { type: "string", default: "(min-width: 64em)" },
  resultCount: { type: "number", default: 0, min: 0 },
  resultsId: { type: "string", default: "" },
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
  const settings = readOptions(root, options);
  return {
    form: root,
    headerContent: childNodesOf(header ?? null),
    panelId: panel.id,
    fieldsContent: childNodesOf(fields),
    initialCheckedCount: activeFilterCountIn(fields),
    desktopMedia: settings.desktopMedia.trim() || options.desktopMedia.default,
    results: settings.resultsId.trim() ? { count: settings.resultCount, headingId: settings.resultsId.trim() } : null,
    strings: readI18n(root, resourceFiltersDefaultStrings),
  };
}
