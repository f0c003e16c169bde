import { childNodesOf } from "../lib/dom";
import type { DisclosureLabelTag, DisclosureProps } from "../lib/disclosure-props";
import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError } from "../lib/options";

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
    markup: { block: "disclosure", region: "region" },
    label,
    labelTag: (labelTags.includes(tag) ? tag : "p") as DisclosureLabelTag,
    regionId: region.id || null,
    regionContent: childNodesOf(region),
    open: readOptions(root, disclosureOptions).open,
    strings,
  };
}
