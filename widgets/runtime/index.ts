/**
 * The islands runtime's public API.
 *
 * startRuntime(registry) is called once by the bundle entry (widgets/main.ts).
 * mountWidgets / unmountWidgets are for pages that swap HTML themselves; the
 * MutationObserver already handles most of that, but calling them makes the
 * moment explicit (and unmountWidgets puts the server markup back first).
 */
import type { AnyWidgetDefinition } from "./mount";
import { createRuntime, type Runtime } from "./runtime";

export { defineWidget } from "./definition";
export type { HydrationTrigger, WidgetDefinition, WidgetProps } from "./definition";
export type { AnyWidgetDefinition } from "./mount";
export type { Runtime } from "./runtime";

let activeRuntime: Runtime | undefined;

/** Mounts every widget in the document and watches it; a second call replaces the first runtime. */
export function startRuntime(registry: readonly AnyWidgetDefinition[], doc: Document = document): Runtime {
  activeRuntime?.stop();
  const runtime = createRuntime(registry, doc);
  activeRuntime = runtime;
  return runtime;
}

function requireRuntime(): Runtime {
  if (!activeRuntime) {
    throw new Error("The widget runtime has not started yet: load the widgets bundle before calling mountWidgets.");
  }
  return activeRuntime;
}

/** Mounts the widgets in `container` (and `container` itself if it is a widget root). Mounting twice is a no-op. */
export function mountWidgets(container: ParentNode = document): void {
  requireRuntime().mountWidgets(container);
}

/** Unmounts the widgets in `container` and restores their server markup. */
export function unmountWidgets(container: ParentNode): void {
  requireRuntime().unmountWidgets(container);
}

/** Stops the active runtime: unmounts every widget and stops watching the document. */
export function stopRuntime(): void {
  activeRuntime?.stop();
  activeRuntime = undefined;
}
