import { childNodesOf } from "../lib/dom";
import { readI18n } from "../lib/i18n";
import { WidgetConfigError } from "../lib/options";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type HiddenActivitiesStrings = {
  /** The button's text while the activities are hidden. */
  showLabel: string;
  /** The button's text while they are shown. */
  hideLabel: string;
};

export const defaultHiddenActivitiesStrings: HiddenActivitiesStrings = {
  showLabel: "Show all activities",
  hideLabel: "Hide activities",
};

export interface HiddenActivitiesProps {
  blockId: string | null;
  /** The block's page-authored content, moved (never copied) so nested widgets keep working. */
  blockContent: Node[];
  strings: HiddenActivitiesStrings;
}

/**
 * Reads `data-widget="hidden-activities"`: the `.hidden-activities__block`
 * it hides, and `data-i18n-show-label` / `data-i18n-hide-label`.
 */
export function parseHiddenActivities(root: HTMLElement): HiddenActivitiesProps {
  const block = root.querySelector<HTMLElement>(":scope > .hidden-activities__block");
  if (!block) {
    throw new WidgetConfigError(
      'hidden-activities needs a direct child <div class="hidden-activities__block"> holding the activities it hides',
    );
  }
  return {
    blockId: block.id || null,
    blockContent: childNodesOf(block),
    strings: readI18n(root, defaultHiddenActivitiesStrings),
  };
}
