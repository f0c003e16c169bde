import { useCallback, useEffect, useState, type JSX } from "react";
import { AdoptedContent } from "../lib/AdoptedContent";
import { useMediaQuery } from "../lib/useMediaQuery";
import type { WidgetProps } from "../runtime/definition";
import { checkedFilterCount, clearAllLabel, isAutoSubmitControl, uncheckAllFilters } from "./filter-controls";
import type { ResourceFiltersProps } from "./parse";
import { rememberBeforeSubmit, takeRestoreState } from "./restore-state";
import { useAutoSubmit } from "./useAutoSubmit";

/**
 * The resources filter form, enhanced: any change to a checkbox, the duration
 * or the sort sends the form after 1500 ms of quiet; Clear all (N) unchecks
 * every box; below the desktop breakpoint a Show Filter / Hide Filter toggle
 * collapses the panel, which is always expanded from the breakpoint up.
 * The form's own fields are adopted, so the browser still submits them as a
 * plain GET, exactly as without JavaScript.
 */
export default function ResourceFilters({
  form,
  headerContent,
  panelId,
  fieldsContent,
  initialCheckedCount,
  desktopMedia,
  strings,
}: WidgetProps<ResourceFiltersProps>): JSX.Element {
  const isDesktop = useMediaQuery(desktopMedia);
  const [restored] = useState(takeRestoreState);
  const [expanded, setExpanded] = useState(restored?.expanded ?? false);
  const [checkedCount, setCheckedCount] = useState(initialCheckedCount);

  const { pending, schedule } = useAutoSubmit(form, () => {
    const focused = document.activeElement;
    rememberBeforeSubmit({
      expanded,
      focusId: focused instanceof HTMLElement && form.contains(focused) && focused.id ? focused.id : null,
    });
  });

  useEffect(() => {
    const onChange = (event: Event) => {
      if (!isAutoSubmitControl(event.target)) return;
      setCheckedCount(checkedFilterCount(form));
      schedule();
    };
    form.addEventListener("change", onChange);
    return () => form.removeEventListener("change", onChange);
  }, [form, schedule]);

  // After an auto-submit, focus goes back to the control the visitor last used.
  useEffect(() => {
    const id = restored?.focusId;
    const control = id ? form.ownerDocument.getElementById(id) : null;
    if (control && form.contains(control)) control.focus();
  }, [form, restored]);

  const clearAll = useCallback(() => {
    if (!uncheckAllFilters(form)) return;
    setCheckedCount(0);
    schedule();
  }, [form, schedule]);

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
          <button type="button" className="resource-filters__clear" onClick={clearAll}>
            {clearAllLabel(checkedCount, strings)}
          </button>
        </div>
      </div>
    </>
  );
}
