import { useCallback, useEffect, useLayoutEffect, useState, type JSX } from "react";
import { AdoptedContent } from "../lib/AdoptedContent";
import { useMediaQuery } from "../lib/useMediaQuery";
import type { WidgetProps } from "../runtime/definition";
import { activeFilterCountIn, clearAllFilters, clearAllLabel, isAutoSubmitControl, showResultsLabel } from "./filter-controls";
import type { ResourceFiltersProps } from "./parse";
import { rememberBeforeSubmit, takeRestoreState } from "./restore-state";
import { useAutoSubmit } from "./useAutoSubmit";

/**
 * The resources filter form, enhanced: any change to a checkbox, the duration
 * or the sort sends the form after 1500 ms of quiet; Clear all (N) unchecks
 * every box and sets the duration back to any; below the desktop breakpoint a
 * Show filter / Hide filter toggle collapses the panel, which is always
 * expanded from the breakpoint up, and "Show N results" by the filters folds
 * it and takes focus to the results (a phone's 40 boxes push them far down).
 * The form's own fields are adopted, so the browser still submits them as a
 * plain GET, exactly as without JavaScript.
 */
export default function ResourceFilters({
  form,
  headerContent,
  panelId,
  fieldsContent,
  initialCheckedCount,
  results,
  desktopMedia,
  strings,
}: WidgetProps<ResourceFiltersProps>): JSX.Element {
  const isDesktop = useMediaQuery(desktopMedia);
  const [restored] = useState(takeRestoreState);
  const [expanded, setExpanded] = useState(restored?.expanded ?? false);
  // Show N results folds the panel, then focuses the results once the fold is rendered: focused before it, the
  // browser would scroll to where the heading was, which the fold moves out of view.
  const [focusResults, setFocusResults] = useState(false);
  const [checkedCount, setCheckedCount] = useState(initialCheckedCount);

  const { pending, schedule, submitNow } = useAutoSubmit(form, () => {
    const focused = document.activeElement;
    rememberBeforeSubmit({
      expanded,
      focusId: focused instanceof HTMLElement && form.contains(focused) && focused.id ? focused.id : null,
    });
  });

  useEffect(() => {
    const onChange = (event: Event) => {
      if (!isAutoSubmitControl(event.target)) return;
      setCheckedCount(activeFilterCountIn(form));
      schedule();
    };
    form.addEventListener("change", onChange);
    return () => form.removeEventListener("change", onChange);
  }, [form, schedule]);

  // After an auto-submit, focus goes back to the control the visitor last used (or to the results, after Show N results).
  const resultsHeadingId = results?.headingId;
  useLayoutEffect(() => {
    const id = restored?.focusId;
    const control = id ? form.ownerDocument.getElementById(id) : null;
    if (control && (form.contains(control) || id === resultsHeadingId)) control.focus();
  }, [form, restored, resultsHeadingId]);

  const clearAll = useCallback(() => {
    if (!clearAllFilters(form)) return;
    setCheckedCount(0);
    schedule();
  }, [form, schedule]);

  const showResults = useCallback(() => {
    if (!resultsHeadingId) return;
    if (pending) {
      // The count is for the filters before this change: send it now, and land on the new results with the panel folded.
      rememberBeforeSubmit({ expanded: false, focusId: resultsHeadingId });
      submitNow();
      return;
    }
    setExpanded(false);
    setFocusResults(true);
  }, [pending, resultsHeadingId, submitNow]);

  useEffect(() => {
    if (!focusResults || !resultsHeadingId) return;
    setFocusResults(false);
    form.ownerDocument.getElementById(resultsHeadingId)?.focus();
  }, [focusResults, form, resultsHeadingId]);

  const panelShown = isDesktop || expanded;
  return (
    <>
      <AdoptedContent as="div" className="resource-filters__header" nodes={headerContent} />
      {isDesktop ? null : (
        <button
          type="button"
          className="button button--secondary resource-filters__toggle"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => setExpanded((wasExpanded) => !wasExpanded)}
        >
          {expanded ? strings.hideFilter : strings.showFilter}
        </button>
      )}
      <p className="resource-filters__status" role="status">
        {pending ? strings.updating : ""}
      </p>
      <div className="resource-filters__panel" id={panelId} hidden={!panelShown}>
        <AdoptedContent as="div" className="resource-filters__fields" nodes={fieldsContent} />
        <div className="resource-filters__actions">
          {results && !isDesktop ? (
            <button type="button" className="button resource-filters__show-results" onClick={showResults}>
              {showResultsLabel(results.count, pending, strings)}
            </button>
          ) : null}
          <button type="button" className="resource-filters__clear" onClick={clearAll}>
            {clearAllLabel(checkedCount, strings)}
          </button>
        </div>
      </div>
    </>
  );
}
