import { createElement, useLayoutEffect, useRef, type HTMLAttributes, type JSX } from "react";

export type AdoptedContentProps = {
  /** Page-authored nodes, captured by the widget's parse() (see childNodesOf). */
  nodes: readonly Node[];
  /** The element that holds them. Defaults to a div. */
  as?: keyof JSX.IntrinsicElements;
} & Omit<HTMLAttributes<HTMLElement>, "children">;

interface OriginalPlace {
  node: Node;
  parent: Node | null;
  nextSibling: Node | null;
}

/**
 * Moves page-authored nodes into the React tree instead of copying them, so
 * anything living on those nodes (a nested widget's React root, listeners,
 * form state) keeps working. On unmount the nodes go back exactly where they
 * came from, so the server markup is restored.
 *
 * React never renders children into this element, so it never touches the
 * adopted nodes. A layout effect does the move, before the browser paints.
 */
export function AdoptedContent({ nodes, as = "div", ...attributes }: AdoptedContentProps): JSX.Element {
  const containerRef = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const places: OriginalPlace[] = nodes.map((node) => ({
      node,
      parent: node.parentNode,
      nextSibling: node.nextSibling,
    }));
    for (const node of nodes) container.appendChild(node);
    return () => {
      // Reverse order: each node's recorded next sibling is back in place before the node itself.
      for (const { node, parent, nextSibling } of [...places].reverse()) {
        if (!parent) {
          node.parentNode?.removeChild(node);
        } else if (nextSibling && nextSibling.parentNode === parent) {
          parent.insertBefore(node, nextSibling);
        } else {
          parent.appendChild(node);
        }
      }
    };
  }, [nodes]);

  return createElement(as, { ...attributes, ref: containerRef });
}
