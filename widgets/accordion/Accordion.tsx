import { useId, useRef, useState, type JSX, type KeyboardEvent } from "react";
import { AdoptedContent } from "../lib/AdoptedContent";
import type { WidgetProps } from "../runtime/definition";
import { headerIndexForKey } from "./keyboard";
import { initialOpenSections, toggleSection } from "./open-sections";
import type { AccordionProps } from "./parse";

// APG: many panels open at once as region landmarks swamp a screen reader's landmark list.
const maxRegionLandmarks = 6;

/** WAI-ARIA APG accordion: each header is a button in the original heading, each panel a labelled region. */
export default function Accordion({ sections, singleOpen }: WidgetProps<AccordionProps>): JSX.Element {
  // Only for hand-written markup without ids; aria-controls and aria-labelledby need them.
  const idPrefix = `accordion${useId()}`;
  const [openSections, setOpenSections] = useState(() =>
    initialOpenSections(
      sections.map((section) => section.open),
      singleOpen,
    ),
  );
  const headerButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const panelsAreRegions = singleOpen || sections.length <= maxRegionLandmarks;

  function moveFocus(event: KeyboardEvent<HTMLButtonElement>, index: number): void {
    const target = headerIndexForKey(event.key, index, sections.length);
    if (target === null) return;
    event.preventDefault();
    headerButtons.current[target]?.focus();
  }

  return (
    <>
      {sections.map((section, index) => {
        const open = openSections[index] ?? false;
        const buttonId = section.headingId ?? `${idPrefix}-heading-${index + 1}`;
        const panelId = section.panelId ?? `${idPrefix}-panel-${index + 1}`;
        const Heading = `h${section.headingLevel}` as const;
        return (
          // The sections never change order or number, so the index is a stable key.
          <div key={index} className={open ? "accordion__section is-open" : "accordion__section"}>
            <Heading className="accordion__heading">
              <button
                ref={(button) => {
                  headerButtons.current[index] = button;
                }}
                type="button"
                id={buttonId}
                className="accordion__button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenSections((current) => toggleSection(current, index, singleOpen))}
                onKeyDown={(event) => moveFocus(event, index)}
              >
                <AdoptedContent as="span" className="accordion__heading-text" nodes={section.headingContent} />
                <span className="accordion__icon" aria-hidden="true" />
              </button>
            </Heading>
            <AdoptedContent
              as="div"
              id={panelId}
              className="accordion__panel"
              role={panelsAreRegions ? "region" : undefined}
              aria-labelledby={buttonId}
              hidden={!open}
              nodes={section.panelContent}
            />
          </div>
        );
      })}
    </>
  );
}
