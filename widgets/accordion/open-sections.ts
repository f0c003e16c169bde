/**
 * Which accordion sections are open, one flag per section. A single-open
 * accordion keeps at most one section open, and may close it too.
 */

/** The first state: sections the page marks open; a single-open accordion keeps only the first of them. */
export function initialOpenSections(markedOpen: readonly boolean[], singleOpen: boolean): boolean[] {
  if (!singleOpen) return [...markedOpen];
  const firstOpen = markedOpen.indexOf(true);
  return markedOpen.map((_, index) => index === firstOpen);
}

/** The state after a click on section `index`'s header. */
export function toggleSection(openSections: readonly boolean[], index: number, singleOpen: boolean): boolean[] {
  const opening = !openSections[index];
  return openSections.map((isOpen, sectionIndex) => {
    if (sectionIndex === index) return opening;
    return singleOpen && opening ? false : isOpen;
  });
}
