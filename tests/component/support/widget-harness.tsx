/**
 * Shared by every widget's component tests.
 *
 * The markup comes from the real Nunjucks macros, so a test fails when the
 * macro and the widget drift apart. Mounting does what the runtime does:
 * parse first, then detach the root's children, then render into the root.
 */
import { cleanup, render, type RenderResult } from "@testing-library/react";
import type { ComponentType } from "react";
import type { WidgetProps } from "../../../widgets/runtime/definition";
import { macroTemplates } from "../../support/macro-templates";

const templates = macroTemplates();

/** Renders `{{ macroName(params) }}` from templates/macros/<file>.njk. */
export function renderMacro(file: string, macroName: string, params: unknown): string {
  return templates.renderString(
    `{% from "macros/${file}.njk" import ${macroName} %}{{ ${macroName}(params) }}`,
    { params },
  );
}

/** Puts server markup into the document and returns the first root of the named widget in it. */
export function insertMarkup(markup: string, widgetName: string): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = markup;
  document.body.append(host);
  const root = host.querySelector<HTMLElement>(`[data-widget="${widgetName}"]`);
  if (!root) throw new Error(`the markup has no data-widget="${widgetName}" root`);
  return root;
}

export interface MountedWidget<Props> {
  root: HTMLElement;
  props: Props;
  result: RenderResult;
}

/** parse(root), detach the server children, render the component into the root (as the runtime does). */
export function mountWidget<Props extends object>(
  root: HTMLElement,
  parse: (root: HTMLElement) => Props,
  Component: ComponentType<WidgetProps<Props>>,
): MountedWidget<Props> {
  const props = parse(root);
  root.replaceChildren();
  const result = render(<Component {...props} root={root} />, { container: root });
  return { root, props, result };
}

/** Puts `<meta name="csrf-token">` in the head, as the layout does. */
export function setCsrfMeta(token: string): void {
  document.head.innerHTML = `<meta name="csrf-token" content="${token}">`;
}

/**
 * After each test: unmount React first (a dialog is portalled into <body>,
 * which is emptied next), then undo stubbed globals and spies and empty the
 * document's head and body.
 */
export function resetDocument(): void {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.replaceChildren();
  document.body.replaceChildren();
}
