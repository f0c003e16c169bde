/**
 * The props of the one disclosure component (widgets/lib/Disclosure.tsx).
 * Two markup contracts parse into them: `data-widget="disclosure"` and
 * `data-widget="hidden-activities"`, which is a disclosure with its own class
 * names, no label around the button and default button texts.
 */

export type DisclosureLabelTag = "p" | "h2" | "h3" | "h4" | "h5" | "h6";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type DisclosureStrings = {
  /** Button text while the region is hidden; empty means the label. */
  showLabel: string;
  /** Button text while the region is shown; empty means the label. */
  hideLabel: string;
};

/**
 * The markup contract the component renders, so each keeps its own CSS: the
 * classes are `<block>__label`, `<block>__button`, `<block>__icon` and
 * `<block>__<region>`.
 */
export interface DisclosureMarkup {
  block: "disclosure" | "hidden-activities";
  /** The BEM element name of the part shown and hidden. */
  region: "region" | "block";
}

export interface DisclosureProps {
  markup: DisclosureMarkup;
  /** The label text the button shows (unless a show / hide label overrides it). */
  label: string;
  /** The element around the button, kept so the document outline is unchanged; null: the button stands alone. */
  labelTag: DisclosureLabelTag | null;
  regionId: string | null;
  /** The region's page-authored content, moved (never copied) so nested widgets keep working. */
  regionContent: Node[];
  open: boolean;
  strings: DisclosureStrings;
}
