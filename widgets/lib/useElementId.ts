import { useId } from "react";

/**
 * A unique id for an element a widget renders. React's useId() holds colons
 * (":r1:"), which need escaping in CSS selectors and fragments, so only
 * [A-Za-z0-9_-] are kept. `prefix` says in the DOM whose element it is.
 */
export function useElementId(prefix?: string): string {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  return prefix ? `${prefix}-${id}` : id;
}
