import type { ResourceFiltersStrings } from "./parse";

/*
 * What the widget reads and changes in the adopted form. The form's own
 * inputs stay the truth (they are what a submit sends), so nothing is copied
 * into React state except the number Clear all shows.
 */

const filterCheckboxes = (form: HTMLFormElement): HTMLInputElement[] =>
  Array.from(form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'));

export function checkedFilterCount(form: HTMLFormElement): number {
  return filterCheckboxes(form).filter((checkbox) => checkbox.checked).length;
}

/** Unchecks every filter checkbox; true when any was checked (so there is something to submit). */
export function uncheckAllFilters(form: HTMLFormElement): boolean {
  let changed = false;
  for (const checkbox of filterCheckboxes(form)) {
    if (checkbox.checked) {
      checkbox.checked = false;
      changed = true;
    }
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
