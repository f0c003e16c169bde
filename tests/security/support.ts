import { expect } from "vitest";

/**
 * One payload for every field that reaches a page: it tries the element
 * context (<script>), the attribute context ("'> then an event handler) and
 * an image with onerror, so a single escaping gap anywhere shows.
 */
export const XSS_PAYLOAD = `<script>alert(1)</script>"'><img src=x onerror=alert(1)>`;

/** What the payload looks like once HTML-escaped: text, never markup. */
export const ESCAPED_SCRIPT = "&lt;script&gt;alert(1)&lt;/script&gt;";

/** Fails when the payload reached the document as markup anywhere. */
export function expectNoMarkupFrom(html: string): void {
  expect(html).not.toContain("<script>alert(1)");
  expect(html).not.toMatch(/<img src=x/i);
  expect(html).not.toMatch(/"'><img/);
}

/** The payload is on the page (so the field did reach it), only as escaped text. */
export function expectEscapedPayload(html: string): void {
  expectNoMarkupFrom(html);
  expect(html).toContain(ESCAPED_SCRIPT);
}

/** Every string in a JSON answer, wherever it sits. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsIn);
  return [];
}
