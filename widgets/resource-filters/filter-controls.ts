import type { ResourceFiltersStrings } from "./strings";

/*
 * What the widget reads and changes in the adopted form. The form's own
 * inputs stay the truth (they are what a submit sends), so nothing is copied
 * into React state except the number Clear all shows.
 */

const filterCheckboxes = (root: ParentNode): HTMLInputElement[] =>
  Array.from(root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'));

/** The duration selector; its first choice is "any length", which is no filter. */
const durationSelect = (root: ParentNode): HTMLSelectElement | null => root.querySelector<HTMLSelectElement>('select[name="duration"]');

const durationInUse = (select: HTMLSelectElement | null): boolean => select !== null && select.selectedIndex > 0;

/** Checked boxes, and the duration when it is not "any length": the "Clear all (N)" number (as the server counts). */
export function activeFilterCountIn(root: ParentNode): number {
  return filterCheckboxes(root).filter((checkbox) => checkbox.checked).length + (durationInUse(durationSelect(root)) ? 1 : 0);
}

/** Unchecks every filter checkbox and sets the duration back to any length; true when anything changed (so there is something to submit). */
export function clearAllFilters(form: HTMLFormElement): boolean {
  let changed = false;
  for (const checkbox of filterCheckboxes(form)) {
    if (checkbox.checked) {
      checkbox.checked = false;
      changed = true;
    }
  }
  const duration = durationSelect(form);
  if (duration && durationInUse(duration)) {
    duration.selectedIndex = 0;
    changed = true;
  }
  return changed;
}

/** Checkboxes, the duration and the sort: the controls whose change submits the form. */
export function isAutoSubmitControl(target: EventTarget | null): boolean {
  if (target instanceof HTMLInputElement) return target.type === "checkbox";
  return target instanceof HTMLSelectElement;
}

export function clearAllLabel(count: number, strings: ResourceFiltersStrings): string {
  return count > 0 ? strings.clearAllCount.replace("{count}", String(count)) : strings.clearAll;
}

/** "Show N results" (or "Show 1 result"); while a change waits to be sent the number is not known yet. */
export function showResultsLabel(count: number, pending: boolean, strings: ResourceFiltersStrings): string {
  if (pending) return strings.showUpdatedResults;
  return count === 1 ? strings.showOneResult : strings.showResults.replace("{count}", String(count));
}
