import { afterAll, beforeAll, expect } from "vitest";
import type { CrmPort } from "../../server/crm/crm-port";
import { crmOf } from "../server/memberships/support";
import { createTestApp, type TestApp } from "../server/support/test-app";

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

export interface SuiteApp {
  /** The real app on its own fresh database (tests/server/support/test-app.ts). */
  t: TestApp;
  /** The embedded CRM over that database, for arranging schools, memberships and roles. */
  crm: CrmPort;
}

/**
 * The set-up most security suites share: the real app made before the
 * enclosing describe's tests and closed after them, with the CRM over its
 * database. Read `t` and `crm` inside tests and hooks (a later beforeAll may
 * build on them): they are set once this beforeAll has run.
 */
export function appPerSuite(options: Parameters<typeof createTestApp>[0] = {}): SuiteApp {
  const suite = {} as SuiteApp;
  beforeAll(async () => {
    suite.t = await createTestApp(options);
    suite.crm = crmOf(suite.t);
  });
  afterAll(() => suite.t.close());
  return suite;
}
