import { useEffect, useState, type JSX } from "react";
import { AdoptedContent } from "../lib/AdoptedContent";
import { TEACHER_NOTE_CHANGE_EVENT, type TeacherNoteChangeDetail } from "../lib/teacher-note-event";
import { useMediaQuery } from "../lib/useMediaQuery";
import type { WidgetProps } from "../runtime/definition";
import type { ToolsPanelProps } from "./parse";

/**
 * The Tools panel: an APG disclosure below the wide breakpoint (starting
 * folded), always open with no toggle from it. It also reveals the Print
 * button, which needs a script, and wires it to window.print().
 */
export default function ToolsPanel({
  title,
  titleId,
  bodyId,
  bodyContent,
  printButton,
  notesLink,
  wideMedia,
  strings,
}: WidgetProps<ToolsPanelProps>): JSX.Element {
  const wide = useMediaQuery(wideMedia);
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    if (!printButton) return undefined;
    const print = () => window.print();
    printButton.hidden = false;
    printButton.addEventListener("click", print);
    return () => {
      printButton.removeEventListener("click", print);
      printButton.hidden = true;
    };
  }, [printButton]);

  // "Your notes (n)" follows a first save or a delete on this page (lib/teacher-note-event.ts), without a reload.
  useEffect(() => {
    if (!notesLink) return undefined;
    const document = notesLink.ownerDocument;
    const follow = (event: Event) => {
      const { hasNote } = (event as CustomEvent<TeacherNoteChangeDetail>).detail;
      notesLink.textContent = (notesLink.textContent ?? "").replace(/\((\d+)\)/, (_match, count: string) => `(${Math.max(0, Number(count) + (hasNote ? 1 : -1))})`);
    };
    document.addEventListener(TEACHER_NOTE_CHANGE_EVENT, follow);
    return () => document.removeEventListener(TEACHER_NOTE_CHANGE_EVENT, follow);
  }, [notesLink]);

  return (
    <>
      <div className="tools-panel__header">
        <h2 className="tools-panel__title" id={titleId}>
          {title}
        </h2>
        {!wide && (
          <button
            type="button"
            className="button button--secondary tools-panel__toggle"
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={() => setExpanded((wasExpanded) => !wasExpanded)}
          >
            {expanded ? strings.hide : strings.show}
          </button>
        )}
      </div>
      <AdoptedContent as="div" id={bodyId} className="tools-panel__body" hidden={!(wide || expanded)} nodes={bodyContent} />
    </>
  );
}
