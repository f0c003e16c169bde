import { useId, useState, type JSX } from "react";
import { AdoptedContent } from "../lib/AdoptedContent";
import type { WidgetProps } from "../runtime/definition";
import type { DisclosureProps } from "./parse";

/** WAI-ARIA APG disclosure: a button that shows and hides the region it controls. */
export default function Disclosure({
  label,
  labelTag: LabelTag,
  regionId,
  regionContent,
  open: startsOpen,
  strings,
}: WidgetProps<DisclosureProps>): JSX.Element {
  // Only for hand-written markup without an id; aria-controls needs one.
  const generatedRegionId = `disclosure${useId()}region`;
  const [open, setOpen] = useState(startsOpen);
  const buttonText = open ? strings.hideLabel || label : strings.showLabel || label;

  return (
    <>
      <LabelTag className="disclosure__label">
        <button
          type="button"
          className="disclosure__button"
          aria-expanded={open}
          aria-controls={regionId ?? generatedRegionId}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          <span className="disclosure__icon" aria-hidden="true" />
          {buttonText}
        </button>
      </LabelTag>
      <AdoptedContent
        as="div"
        id={regionId ?? generatedRegionId}
        className="disclosure__region"
        hidden={!open}
        nodes={regionContent}
      />
    </>
  );
}
