import { WidgetConfigError } from "../lib/options";
import type { HydrationTrigger } from "./definition";

/** Stops waiting; safe to call after the trigger has fired. */
export type CancelTrigger = () => void;

/** How far outside the viewport a `visible` widget starts loading, so it is ready when scrolled to. */
export const VISIBLE_ROOT_MARGIN = "200px";
/** Where requestIdleCallback is missing (Safari), wait this long instead. */
export const IDLE_FALLBACK_MS = 200;
/** Even on a busy page, an `idle` widget mounts within this time. */
export const IDLE_TIMEOUT_MS = 2000;

type View = Window & typeof globalThis;

const INTERACTION_EVENTS = ["pointerover", "focusin", "touchstart"] as const;

/** Reads `data-hydrate`, falling back to the widget's default; throws on anything unknown. */
export function readTrigger(root: HTMLElement, fallback: HydrationTrigger = "load"): HydrationTrigger {
  const value = root.getAttribute("data-hydrate")?.trim() || fallback;
  if (value === "load" || value === "idle" || value === "visible" || value === "interaction") return value;
  if (/^media:\s*\S/.test(value)) return value as HydrationTrigger;
  throw new WidgetConfigError(
    `data-hydrate must be "load", "idle", "visible", "interaction" or "media:(query)", got "${value}"`,
  );
}

/** Calls `ready` once, when the trigger happens for this root. */
export function waitForTrigger(root: HTMLElement, trigger: HydrationTrigger, ready: () => void): CancelTrigger {
  // The root's own window: the runtime may be started on another document (an iframe, tests).
  const view = (root.ownerDocument.defaultView ?? window) as View;
  let done = false;
  let cancel: CancelTrigger = () => {};
  const fire = (): void => {
    if (done) return;
    done = true;
    cancel();
    ready();
  };

  if (trigger === "idle") cancel = onIdle(view, fire);
  else if (trigger === "visible") cancel = onVisible(view, root, fire);
  else if (trigger === "interaction") cancel = onInteraction(root, fire);
  else if (trigger.startsWith("media:")) cancel = onMediaMatch(view, trigger.slice("media:".length).trim(), fire);
  else fire();

  return () => {
    done = true;
    cancel();
  };
}

function onIdle(view: View, fire: () => void): CancelTrigger {
  if (typeof view.requestIdleCallback === "function") {
    const handle = view.requestIdleCallback(fire, { timeout: IDLE_TIMEOUT_MS });
    return () => view.cancelIdleCallback(handle);
  }
  const handle = view.setTimeout(fire, IDLE_FALLBACK_MS);
  return () => view.clearTimeout(handle);
}

function onVisible(view: View, root: HTMLElement, fire: () => void): CancelTrigger {
  // Without IntersectionObserver we cannot tell, so we do not hold the widget back.
  if (typeof view.IntersectionObserver !== "function") {
    fire();
    return () => {};
  }
  const observer = new view.IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) fire();
    },
    { rootMargin: VISIBLE_ROOT_MARGIN },
  );
  observer.observe(root);
  return () => observer.disconnect();
}

function onInteraction(root: HTMLElement, fire: () => void): CancelTrigger {
  for (const type of INTERACTION_EVENTS) root.addEventListener(type, fire, { passive: true });
  return () => {
    for (const type of INTERACTION_EVENTS) root.removeEventListener(type, fire);
  };
}

function onMediaMatch(view: View, query: string, fire: () => void): CancelTrigger {
  if (typeof view.matchMedia !== "function") {
    fire();
    return () => {};
  }
  const media = view.matchMedia(query);
  if (media.matches) {
    fire();
    return () => {};
  }
  const onChange = (event: MediaQueryListEvent): void => {
    if (event.matches) fire();
  };
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}
