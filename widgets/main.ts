/**
 * The bundle entry. Registers every widget and starts the runtime once the
 * DOM is parsed. Also exposes the public API as `window.Encore` for pages that
 * swap HTML without a module system:
 *
 *   window.Encore.unmountWidgets(panel); panel.innerHTML = html; window.Encore.mountWidgets(panel);
 */
import { widgetRegistry } from "./registry";
import { mountWidgets, startRuntime, unmountWidgets } from "./runtime";

declare global {
  interface Window {
    Encore?: { mountWidgets: typeof mountWidgets; unmountWidgets: typeof unmountWidgets };
  }
}

window.Encore = { mountWidgets, unmountWidgets };

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", () => startRuntime(widgetRegistry), { once: true });
} else {
  startRuntime(widgetRegistry);
}
