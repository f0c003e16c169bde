import { childNodesOf } from "../lib/dom";
import { readOptions, WidgetConfigError } from "../lib/options";

export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface AccordionSectionContent {
  /** From the server's heading element, so the document outline is unchanged. */
  headingLevel: HeadingLevel;
  /** The header text as page-authored nodes (it may hold <em> and the like). */
  headingContent: Node[];
  /** The server's id for the header text; the header button takes it over. */
  headingId: string | null;
  panelId: string | null;
  /** The panel's page-authored content, moved (never copied) so nested widgets keep working. */
  panelContent: Node[];
  /** Marked `data-open` in the markup. */
  open: boolean;
}

export interface AccordionProps {
  singleOpen: boolean;
  sections: AccordionSectionContent[];
}

const accordionOptions = { singleOpen: { type: "boolean", default: false } } as const;
const sectionOptions = { open: { type: "boolean", default: false } } as const;
const headingSelector = [2, 3, 4, 5, 6].map((level) => `:scope > h${level}`).join(", ");

/**
 * Reads `data-widget="accordion"`: `data-single-open` on the root and, for
 * each direct child `.accordion__section`, its heading (h2–h6) and its
 * `.accordion__panel`.
 */
export function parseAccordion(root: HTMLElement): AccordionProps {
  const sectionElements = Array.from(root.querySelectorAll<HTMLElement>(":scope > .accordion__section"));
  if (sectionElements.length === 0) {
    throw new WidgetConfigError(
      'accordion needs at least one direct child <div class="accordion__section"> holding a heading and a <div class="accordion__panel">',
    );
  }
  return {
    singleOpen: readOptions(root, accordionOptions).singleOpen,
    sections: sectionElements.map(parseSection),
  };
}

function parseSection(section: HTMLElement, index: number): AccordionSectionContent {
  const position = `accordion section ${index + 1}`;
  const heading = section.querySelector<HTMLElement>(headingSelector);
  if (!heading) {
    throw new WidgetConfigError(`${position} needs a heading (<h2> to <h6>) as a direct child, holding the header text`);
  }
  const panel = section.querySelector<HTMLElement>(":scope > .accordion__panel");
  if (!panel) {
    throw new WidgetConfigError(`${position} needs a direct child <div class="accordion__panel"> holding its content`);
  }
  // The server wraps the text in .accordion__heading-text; hand-written markup may not.
  const headingText = heading.querySelector<HTMLElement>(":scope > .accordion__heading-text");
  return {
    headingLevel: Number(heading.localName.slice(1)) as HeadingLevel,
    headingContent: childNodesOf(headingText ?? heading),
    headingId: headingText?.id || heading.id || null,
    panelId: panel.id || null,
    panelContent: childNodesOf(panel),
    open: readOptions(section, sectionOptions).open,
  };
}
