export type Debounced<Args extends unknown[]> = ((...args: Args) => void) & { cancel(): void };

/**
 * Calls `fn` once, `ms` after the last call, with that last call's arguments.
 * `cancel()` drops a pending call (use it when a component unmounts).
 */
export function debounce<Args extends unknown[]>(fn: (...args: Args) => void, ms: number): Debounced<Args> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: Args): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  debounced.cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
