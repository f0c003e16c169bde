/**
 * Renders a snippet that uses the real macros (with {% call %} blocks, which
 * the site-header harness's renderMacro cannot express), so these tests fail
 * when a macro and its widget drift apart.
 */
import { macroTemplates } from "../../support/macro-templates";

const templates = macroTemplates();

export function renderTemplate(source: string, context: object = {}): string {
  return templates.renderString(source, context);
}

/** A JSON answer for a stubbed fetch. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
