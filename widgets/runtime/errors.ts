/**
 * The one place a widget failure is reported. Whatever went wrong (bad
 * markup in parse, a chunk that failed to download, a component that threw),
 * the page gets one console message naming the widget and a
 * `data-widget-state="error"` marker; the caller has already put the
 * server markup back, so the page keeps working without that widget.
 */
export function reportWidgetError(root: HTMLElement, widgetName: string, error: unknown): void {
  root.setAttribute("data-widget-state", "error");
  console.error(`[widgets] "${widgetName}" could not start, so its server markup is left as it is:`, error);
}
