import { useState, type JSX } from "react";
import { AdoptedContent } from "./AdoptedContent";
import type { DisclosureProps } from "./disclosure-props";
import { useElementId } from "./useElementId";

/**
 * WAI-ARIA APG disclosure: a button that shows and hides the region it
 * controls. The one implementation behind the disclosure and hidden-activities
 * widgets; `markup` names the classes of the contract it was parsed from.
 */
export function Disclosure({
  markup: { block, region },
  label,
  labelTag: LabelTag,
  regionId,
  regionContent,
  open: startsOpen,
  strings,
}: DisclosureProps): JSX.Element {
  // Only for hand-written markup without an id; aria-controls needs one.
  const generatedRegionId = `${useElementId(block)}-${region}`;
  const [open, setOpen] = useState(startsOpen);
  const buttonText = open ? strings.hideLabel || label : strings.showLabel || label;
  const button = (
    <button
      type="button"
      className={`${block}__button`}
      aria-expanded={open}
      aria-controls={regionId ?? generatedRegionId}
      onClick={() => setOpen((wasOpen) => !wasOpen)}
    >
      <span className={`${block}__icon`} aria-hidden="true" />
      {buttonText}
    </button>
  );

  return (
    <>
      {LabelTag ? <LabelTag className={`${block}__label`}>{button}</LabelTag> : button}
      <AdoptedContent
        as="div"
        id={regionId ?? generatedRegionId}
        className={`${block}__${region}`}
        hidden={!open}
        nodes={regionContent}
      />
    </>
  );
}

// Also the default export, because a widget definition's load() takes the module's default.
export default Disclosure;
