import { createElement, startTransition, useLayoutEffect, type ComponentType, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";

/**
 * Everything the runtime needs from React, in one module that the runtime
 * imports dynamically: a page without widgets never downloads React, and a
 * page with many widgets downloads it once.
 */
export interface RenderedWidget {
  unmount(): void;
}

/**
 * Renders synchronously (flushSync): when this returns, the widget is in the
 * DOM and content it adopted has already moved, so the MutationObserver never
 * sees a nested widget root detached half-way through a render.
 *
 * `onError` gets errors thrown while rendering, now or on any later update.
 */
export function renderWidget<Props extends object>(
  container: HTMLElement,
  component: ComponentType<Props>,
  props: Props,
  onError: (error: unknown) => void,
): RenderedWidget {
  const root: Root = createRoot(container, {
    onUncaughtError: (error) => onError(error),
  });
  flushSync(() => root.render(createElement(component, props)));
  return { unmount: () => root.unmount() };
}

/**
 * Renders as a transition: React works in short slices, yielding to the
 * browser between them, instead of one long task. The container keeps its
 * children until React commits (and clears it); `onCommitted` runs in that
 * commit, after the DOM has changed. `onError` as for renderWidget.
 */
export function renderWidgetSliced<Props extends object>(
  container: HTMLElement,
  component: ComponentType<Props>,
  props: Props,
  onError: (error: unknown) => void,
  onCommitted: () => void,
): RenderedWidget {
  const root: Root = createRoot(container, {
    onUncaughtError: (error) => onError(error),
  });
  startTransition(() => root.render(createElement(Committed, { onCommitted }, createElement(component, props))));
  return { unmount: () => root.unmount() };
}

function Committed({ onCommitted, children }: { onCommitted: () => void; children?: ReactNode }): ReactNode {
  // Once: the first commit is the mount; later commits are the widget's own updates.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => onCommitted(), []);
  return children;
}
