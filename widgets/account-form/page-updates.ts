/**
 * Changes a successful answer makes to the rest of the page.
 */

/**
 * A password change starts a new session with a new CSRF token: every later
 * write on this page (other forms, the header's Log out) must send the new
 * one. The http client reads the meta tag at call time.
 */
export function replaceCsrfToken(doc: Document, token: string): void {
  doc.querySelector('meta[name="csrf-token"]')?.setAttribute("content", token);
  for (const field of Array.from(doc.querySelectorAll<HTMLInputElement>('input[name="_csrf"]'))) field.value = token;
}

/** Shows saved details wherever the page prints them: elements marked data-account-detail="<field>". */
export function showAccountDetails(doc: Document, details: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(details)) {
    if (typeof value !== "string" && typeof value !== "number") continue;
    for (const element of Array.from(doc.querySelectorAll(`[data-account-detail="${CSS.escape(field)}"]`))) {
      element.textContent = String(value);
    }
  }
}
