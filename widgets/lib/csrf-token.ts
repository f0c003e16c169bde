/**
 * Signing in gives the session a new id, and with it a new CSRF token
 * (server/http/csrf.ts): a widget that goes on posting from the same page
 * puts the token the server answered in every place the page keeps it.
 */
export function replaceCsrfToken(doc: Document, token: string): void {
  doc.querySelector('meta[name="csrf-token"]')?.setAttribute("content", token);
  for (const field of Array.from(doc.querySelectorAll<HTMLInputElement>('input[name="_csrf"]'))) field.value = token;
}
