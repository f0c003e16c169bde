/**
 * Watches the document for widget roots that pages add or remove after load
 * (HTML swapped in by a script, a CMS preview, a dialog built on the fly).
 */
export interface WidgetRootChanges {
  /** An element was inserted and is in the document. */
  added(element: Element): void;
  /** A node was taken out and is no longer in the document (a moved node is not removed). */
  removed(node: Node): void;
}

export interface DomObserver {
  /** Handles the changes recorded so far, now rather than in the next microtask. */
  flush(): void;
  /** Drops the changes recorded so far (the runtime's own). */
  discard(): void;
  disconnect(): void;
}

export function observeDom(target: Node, changes: WidgetRootChanges): DomObserver {
  const handle = (mutations: MutationRecord[]): void => {
    // Removals first: a node moved within the document shows up as removed and added, and is still connected.
    for (const mutation of mutations) {
      for (const node of mutation.removedNodes) {
        if (!node.isConnected) changes.removed(node);
      }
    }
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (node.nodeType === Node.ELEMENT_NODE && node.isConnected) changes.added(node as Element);
      }
    }
  };
  const observer = new MutationObserver(handle);
  observer.observe(target, { childList: true, subtree: true });
  return {
    flush: () => handle(observer.takeRecords()),
    discard: () => void observer.takeRecords(),
    disconnect: () => observer.disconnect(),
  };
}
