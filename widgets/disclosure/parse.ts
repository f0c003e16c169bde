import { childNodesOf } from "../lib/dom";
import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError } from "../lib/options";

export type DisclosureLabelTag = "p" | "h2" | "h3" | "h4" | "h5" | "h6";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type DisclosureStrings = {
  /** Button text while the region is hidden; empty means the label. */
  showLabel: string;
  /** Button text while the region is shown; empty means the label. */
  hideLabel: string;
};

export interface DisclosureProps {
  /** The label text the button shows (unless a show / hide label overrides it). */
  label: string;
  /** The element around the label, kept so the document outline is unchanged. */
  labelTag: DisclosureLabelTag;
  regionId: string | null;
  /** The region's page-authored content, moved (never copied) so nested widgets keep working. */
  regionContent: Node[];
  open: boolean;
  strings: DisclosureStrings;
}

const disclosureOptions = { open: { type: "boolean", default: false } } as const;
const labelTags: readonly string[] = ["p", "h2", "h3", "h4", "h5", "h6"];

/**
 * Reads `data-widget="disclosure"`: a `.disclosure__label` (a <p> or a
 * heading) and the `.disclosure__region` the button will show and hide.
 * Options: `data-open`, `data-i18n-show-label`, `data-i18n-hide-label`.
 */
export function parseDisclosure(root: HTMLElement): DisclosureProps {
  const labelElement = root.querySelector<HTMLElement>(":scope > .disclosure__label");
  const region = root.querySelector<HTMLElement>(":scope > .disclosure__region");
  if (!region) {
    throw new WidgetConfigError('disclosure needs a direct child <div class="disclosure__region"> holding the content it shows and hides');
  }
  const label = labelElement?.textContent?.trim() ?? "";
  const strings = readI18n(root, { showLabel: "", hideLabel: "" });
  if (label === "" && (strings.showLabel === "" || strings.hideLabel === "")) {
    throw new WidgetConfigError(
      'disclosure needs a button label: a direct child <p class="disclosure__label">, or both data-i18n-show-label and data-i18n-hide-label',
    );
  }
  const tag = labelElement?.localName ?? "p";
  return {
    label,
    labelTag: (labelTags.includes(tag) ? tag : "p") as DisclosureLabelTag,
    regionId: region.id || null,
    regionContent: childNodesOf(region),
    open: readOptions(root, disclosureOptions).open,
    strings,
  };
}
