import type { ComponentType } from "react";

/**
 * When a widget's code is downloaded and mounted. `media:(query)` mounts
 * once the media query matches, e.g. `media:(min-width: 64em)`.
 */
export type HydrationTrigger = "load" | "idle" | "visible" | "interaction" | `media:${string}`;

/** Every widget component receives its parsed props plus the root element it owns. */
export type WidgetProps<Props> = Props & { root: HTMLElement };

/** What a widget's `load()` resolves to: its component and, for most widgets, its parse. */
export interface WidgetModule<Props = unknown> {
  default: ComponentType<WidgetProps<Props>>;
  /**
   * The widget's parse, shipped with its code rather than in the bundle
   * entry: the entry, which every page downloads, then holds no widget's
   * markup reading (docs/performance.md, "JavaScript budget").
   */
  parse?(root: HTMLElement): Props;
}

export interface WidgetDefinition<Props = unknown> {
  /** Matches `data-widget` on the root element. */
  name: string;
  /** Used when the root has no `data-hydrate` attribute. Defaults to "load". */
  hydrate?: HydrationTrigger;
  /**
   * Reads the root's data-* options, JSON props and i18n overrides. Runs right
   * before mounting, so it sees the DOM as it is then. Throws a
   * WidgetConfigError naming the attribute on bad input. Leave it out when
   * the module `load()` returns exports it as `parse` (the usual way: see
   * widgets/<name>/widget.ts).
   */
  parse?(root: HTMLElement): Props;
  /**
   * "sliced": the first render is a transition, which React splits into
   * short tasks, and the server markup stands until React replaces it; the
   * root is marked mounted once React has committed. For a widget whose first
   * render would be one long task on a phone (the registration wizard), and
   * only one that adopts none of its server markup and renders no widget
   * roots: React's own DOM changes then happen where the runtime cannot keep
   * them from its MutationObserver. Default "sync": flushSync, in one task.
   */
  firstRender?: "sync" | "sliced";
  /** A dynamic import, so each widget is its own chunk. */
  load(): Promise<WidgetModule<Props>>;
}

/** Helps TypeScript infer Props from parse() while keeping one registry type. */
export function defineWidget<Props>(definition: WidgetDefinition<Props>): WidgetDefinition<Props> {
  return definition;
}
