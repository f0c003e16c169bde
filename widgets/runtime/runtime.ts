import { WidgetMounter, type AnyWidgetDefinition } from "./mount";
import { observeDom, type DomObserver } from "./observer";

export interface Runtime {
  mountWidgets(container?: ParentNode): void;
  unmountWidgets(container: ParentNode): void;
  /** Stops watching the document and unmounts every widget (tests, or a page tearing itself down). */
  stop(): void;
}

/**
 * Mounts every widget root in `doc` now, then keeps the page and its widgets
 * in step: roots added later are mounted, removed ones unmounted.
 */
export function createRuntime(registry: readonly AnyWidgetDefinition[], doc: Document): Runtime {
  let observer: DomObserver | undefined;
  // The runtime's own DOM changes (detaching and restoring server markup, React's first render)
  // are not news to it: handle what the page did before, drop what the runtime just did.
  const quietly = (change: () => void): void => {
    observer?.flush();
    change();
    observer?.discard();
  };
  const mounter = new WidgetMounter(registry, quietly);
  mounter.mountWithin(doc);
  observer = observeDom(doc, {
    added: (element) => mounter.mountWithin(element),
    removed: (node) => {
      if (node.nodeType === Node.ELEMENT_NODE) mounter.unmountWithin(node as Element);
    },
  });

  return {
    mountWidgets: (container = doc) => mounter.mountWithin(container),
    unmountWidgets: (container) => mounter.unmountWithin(container),
    stop: () => {
      observer?.disconnect();
      observer = undefined;
      mounter.unmountWithin(doc);
    },
  };
}
