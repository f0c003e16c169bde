/**
 * Changes a successful answer makes to the rest of the page.
 */

/** Shows saved details wherever the page prints them: elements marked data-account-detail="<field>". */
export function showAccountDetails(doc: Document, details: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(details)) {
    if (typeof value !== "string" && typeof value !== "number") continue;
    for (const element of Array.from(doc.querySelectorAll(`[data-account-detail="${CSS.escape(field)}"]`))) {
      element.textContent = String(value);
    }
  }
}
