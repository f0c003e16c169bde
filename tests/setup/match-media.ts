/**
 * jsdom has no matchMedia; Splide reads its breakpoints and the widgets read
 * media queries (widgets/lib/useMediaQuery.ts) through it. This one, installed
 * for every jsdom test by tests/setup/dom.ts, matches only the queries a test
 * turns on with setMediaQuery, and can change them mid-test. Every query
 * starts not matching again after each test.
 */
type Listener = (event: MediaQueryListEvent) => void;

const matching = new Set<string>();
const listeners = new Map<string, Set<Listener>>();

function mediaQueryList(query: string): MediaQueryList {
  const own = listeners.get(query) ?? new Set<Listener>();
  listeners.set(query, own);
  return {
    media: query,
    get matches() {
      return matching.has(query);
    },
    onchange: null,
    addEventListener: (_type: string, listener: Listener) => own.add(listener),
    removeEventListener: (_type: string, listener: Listener) => own.delete(listener),
    addListener: (listener: Listener) => own.add(listener),
    removeListener: (listener: Listener) => own.delete(listener),
    dispatchEvent: () => true,
  } as unknown as MediaQueryList;
}

export function installMatchMedia(): void {
  window.matchMedia = (query: string) => mediaQueryList(query);
}

/** Makes `query` match (or not) and tells everyone listening to it. */
export function setMediaQuery(query: string, matches: boolean): void {
  if (matches) matching.add(query);
  else matching.delete(query);
  for (const listener of listeners.get(query) ?? []) {
    listener({ matches, media: query } as MediaQueryListEvent);
  }
}

export function resetMediaQueries(): void {
  matching.clear();
  listeners.clear();
}
