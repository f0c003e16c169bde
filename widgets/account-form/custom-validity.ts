/**
 * Checks the browser cannot express as attributes, reported through the
 * native constraint API (setCustomValidity), so they show and block
 * submission exactly like `required` does:
 *   data-must-match="<other field's name>"  + data-match-message
 *       e.g. confirm-password: "Passwords do not match"
 *   data-must-differ-from="<selector>"       + data-differ-message
 *       the value must differ (ignoring case and spaces) from that element's
 *       text, e.g. a new email: "Please enter a new email address"
 */
const checkedFields = "[data-must-match], [data-must-differ-from]";

export function updateCustomValidity(form: HTMLFormElement): void {
  for (const field of Array.from(form.querySelectorAll<HTMLInputElement>(checkedFields))) {
    field.setCustomValidity(customValidityProblem(field, form));
  }
}

/** The message for one field, or "" when it passes. An empty field is left to `required`. */
export function customValidityProblem(field: HTMLInputElement, form: HTMLFormElement): string {
  if (field.value === "") return "";
  const matchName = field.getAttribute("data-must-match");
  if (matchName) {
    const other = form.elements.namedItem(matchName);
    if (other instanceof HTMLInputElement && other.value !== field.value) {
      return field.getAttribute("data-match-message") || "The two values do not match";
    }
  }
  const differSelector = field.getAttribute("data-must-differ-from");
  if (differSelector) {
    const current = field.ownerDocument.querySelector(differSelector)?.textContent;
    if (current && comparable(current) === comparable(field.value)) {
      return field.getAttribute("data-differ-message") || "Enter a different value";
    }
  }
  return "";
}

function comparable(value: string): string {
  return value.trim().toLowerCase();
}
