import { childNodesOf } from "../lib/dom";
import type { DisclosureProps, DisclosureStrings } from "../lib/disclosure-props";
import { readI18n } from "../lib/i18n";
import { WidgetConfigError } from "../lib/options";

export const defaultHiddenActivitiesStrings: DisclosureStrings = {
  showLabel: "Show all activities",
  hideLabel: "Hide activities",
};

/**
 * Reads `data-widget="hidden-activities"`: the `.hidden-activities__block`
 * it hides, and `data-i18n-show-label` / `data-i18n-hide-label`. The result
 * is a disclosure's props: a closed region, its button standing alone (no
 * label around it) and always a show and a hide text.
 */
export function parseHiddenActivities(root: HTMLElement): DisclosureProps {
  const block = root.querySelector<HTMLElement>(":scope > .hidden-activities__block");
  if (!block) {
    throw new WidgetConfigError(
      'hidden-activities needs a direct child <div class="hidden-activities__block"> holding the activities it hides',
    );
  }
  return {
    markup: { block: "hidden-activities", region: "block" },
    label: "",
    labelTag: null,
    regionId: block.id || null,
    regionContent: childNodesOf(block),
    open: false,
    strings: readI18n(root, defaultHiddenActivitiesStrings),
  };
}
