/** The widget's words, each replaceable by a data-i18n-<key> attribute. */

// A type alias, not an interface: readI18n needs a string-keyed record.
export type ResourceFiltersStrings = {
  /** The narrow-screen toggle while the panel is collapsed (spec section 2). */
  showFilter: string;
  /** The narrow-screen toggle while the panel is expanded. */
  hideFilter: string;
  /** Clear all with no boxes checked. */
  clearAll: string;
  /** Clear all with N filters in use (boxes and a duration); `{count}` is replaced by N. */
  clearAllCount: string;
  /** Below the breakpoint, by the filters: folds the panel and goes to the results; `{count}` is the number of results. */
  showResults: string;
  /** The same for exactly one result. */
  showOneResult: string;
  /** The same while a change waits to be sent (the number is not known yet): sends it now. */
  showUpdatedResults: string;
  /** Announced (politely) while a change waits for the quiet period before the form is sent. */
  updating: string;
};

export const resourceFiltersDefaultStrings: ResourceFiltersStrings = {
  showFilter: "Show filter",
  hideFilter: "Hide filter",
  clearAll: "Clear all",
  clearAllCount: "Clear all ({count})",
  showResults: "Show {count} results",
  showOneResult: "Show 1 result",
  showUpdatedResults: "Show results",
  updating: "Updating results…",
};
