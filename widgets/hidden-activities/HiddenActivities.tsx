import { useId, useState, type JSX } from "react";
import { AdoptedContent } from "../lib/AdoptedContent";
import type { WidgetProps } from "../runtime/definition";
import type { HiddenActivitiesProps } from "./parse";

/**
 * A block of activities, hidden until the visitor asks for it with a
 * "Show all activities" button (WAI-ARIA APG disclosure).
 */
export default function HiddenActivities({ blockId, blockContent, strings }: WidgetProps<HiddenActivitiesProps>): JSX.Element {
  const generatedBlockId = `hidden-activities-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}-block`;
  const [shown, setShown] = useState(false);
  const id = blockId ?? generatedBlockId;

  return (
    <>
      <button
        type="button"
        className="hidden-activities__button"
        aria-expanded={shown}
        aria-controls={id}
        onClick={() => setShown((wasShown) => !wasShown)}
      >
        <span className="hidden-activities__icon" aria-hidden="true" />
        {shown ? strings.hideLabel : strings.showLabel}
      </button>
      <AdoptedContent as="div" id={id} className="hidden-activities__block" hidden={!shown} nodes={blockContent} />
    </>
  );
}
