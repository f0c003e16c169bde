import { WidgetConfigError } from "../lib/options";
import type { WidgetDefinition, WidgetModule } from "./definition";
import { reportWidgetError } from "./errors";
import { rememberFocus, restoreFocus } from "./focus";
import type { RenderedWidget } from "./react-host";

type ReactHost = typeof import("./react-host");
import { readTrigger, waitForTrigger, type CancelTrigger } from "./triggers";

export const WIDGET_SELECTOR = "[data-widget]";

/** Runs a DOM change the runtime makes itself, so the MutationObserver does not react to it. */
export type QuietChange = (change: () => void) => void;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry mixes widgets with different props
export type AnyWidgetDefinition = WidgetDefinition<any>;

interface WidgetRecord {
  root: HTMLElement;
  name: string;
  status: "waiting" | "loading" | "mounted" | "failed";
  cancelTrigger: CancelTrigger;
  rendered?: RenderedWidget;
  /** The server markup, kept while the widget is mounted and put back on unmount. */
  serverMarkup?: Node[];
}

/** Every widget root in `container`, including `container` itself, in document order. */
export function widgetRootsIn(container: ParentNode): HTMLElement[] {
  const roots = Array.from(container.querySelectorAll<HTMLElement>(WIDGET_SELECTOR));
  if (container instanceof Element && container.matches(WIDGET_SELECTOR)) roots.unshift(container as HTMLElement);
  return roots;
}

/** One widget root's life: trigger, load, parse, render, unmount; and failure, in one place. */
export class WidgetMounter {
  private readonly definitions = new Map<string, AnyWidgetDefinition>();
  // A root is tracked from the moment it is seen, so a root whose code is still loading is not mounted twice.
  private readonly records = new WeakMap<HTMLElement, WidgetRecord>();

  constructor(
    registry: readonly AnyWidgetDefinition[],
    private readonly quietly: QuietChange = (change) => change(),
  ) {
    for (const definition of registry) {
      if (this.definitions.has(definition.name)) {
        throw new Error(`Two widgets are registered as "${definition.name}"; widget names must be unique.`);
      }
      this.definitions.set(definition.name, definition);
    }
  }

  mountWithin(container: ParentNode): void {
    for (const root of widgetRootsIn(container)) this.mount(root);
  }

  /** Unmounts every widget in `container`, including ones that were inside another widget's server markup. */
  unmountWithin(container: ParentNode): void {
    let unmountedOne = true;
    while (unmountedOne) {
      unmountedOne = false;
      for (const root of widgetRootsIn(container)) {
        if (this.records.has(root)) {
          this.unmount(root);
          unmountedOne = true;
        }
      }
    }
  }

  mount(root: HTMLElement): void {
    if (this.records.has(root)) return;
    const name = root.getAttribute("data-widget") ?? "";
    const record: WidgetRecord = { root, name, status: "waiting", cancelTrigger: () => {} };
    this.records.set(root, record);
    const definition = this.definitions.get(name);
    if (!definition) {
      const known = [...this.definitions.keys()].join(", ");
      this.fail(record, new WidgetConfigError(`data-widget="${name}" is not a known widget; use one of: ${known}`));
      return;
    }
    try {
      const trigger = readTrigger(root, definition.hydrate);
      record.cancelTrigger = waitForTrigger(root, trigger, () => void this.load(record, definition));
    } catch (error) {
      this.fail(record, error);
    }
  }

  unmount(root: HTMLElement): void {
    const record = this.records.get(root);
    if (!record) return;
    this.records.delete(root);
    this.teardown(record);
    root.removeAttribute("data-widget-state");
  }

  private isCurrent(record: WidgetRecord): boolean {
    return this.records.get(record.root) === record;
  }

  private async load(record: WidgetRecord, definition: AnyWidgetDefinition): Promise<void> {
    record.status = "loading";
    try {
      const [widgetModule, reactHost] = await Promise.all([definition.load(), import("./react-host")]);
      // Each widget renders in a task of its own, not in the one that ran its code or another widget's render:
      // on a phone each is then a shorter block of the main thread (docs/performance.md, "Lighthouse").
      await nextTask();
      if (!this.isCurrent(record)) return; // unmounted while its code was downloading
      this.render(record, definition, widgetModule, reactHost);
    } catch (error) {
      if (this.isCurrent(record)) this.fail(record, error);
    }
  }

  private render(
    record: WidgetRecord,
    definition: AnyWidgetDefinition,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- props are checked where each widget is defined
    widgetModule: WidgetModule<any>,
    reactHost: ReactHost,
  ): void {
    const { root } = record;
    const parse = definition.parse ?? widgetModule.parse;
    if (!parse) throw new Error(`The "${definition.name}" widget has no parse: export it as "parse" from the module its load() imports.`);
    // parse() first: it captures references to the server markup before that markup is detached.
    const props: object = parse(root);
    const focused = rememberFocus(root);
    let firstRender = true;
    let firstRenderError: { error: unknown } | undefined;
    const onRenderError = (error: unknown): void => {
      if (firstRender) firstRenderError = { error };
      // A later update threw while React was committing.
      else this.failOnceReactHasFinished(record, error);
    };

    if (definition.firstRender === "sliced") {
      // React clears the server markup when it commits; until then it stands.
      record.serverMarkup = Array.from(root.childNodes);
      const onCommitted = () => this.markMounted(record, focused);
      // An error before the commit fails the mount too.
      const onError = (error: unknown) => this.failOnceReactHasFinished(record, error);
      record.rendered = reactHost.renderWidgetSliced(root, widgetModule.default, { ...props, root }, onError, onCommitted);
      return;
    }
    this.quietly(() => {
      record.serverMarkup = Array.from(root.childNodes);
      root.replaceChildren();
      record.rendered = reactHost.renderWidget(root, widgetModule.default, { ...props, root }, onRenderError);
    });
    firstRender = false;
    if (firstRenderError) {
      this.fail(record, firstRenderError.error);
      return;
    }
    this.markMounted(record, focused);
  }

  private markMounted(record: WidgetRecord, focused: ReturnType<typeof rememberFocus>): void {
    if (!this.isCurrent(record)) return;
    record.status = "mounted";
    record.root.setAttribute("data-widget-state", "mounted");
    restoreFocus(record.root, focused);
  }

  /**
   * An error React reported while rendering or committing: the root is torn
   * down once React has finished with it, unless it was unmounted or has
   * failed meanwhile.
   */
  private failOnceReactHasFinished(record: WidgetRecord, error: unknown): void {
    queueMicrotask(() => {
      if (this.isCurrent(record) && record.status !== "failed") this.fail(record, error);
    });
  }

  private fail(record: WidgetRecord, error: unknown): void {
    this.teardown(record);
    record.status = "failed";
    reportWidgetError(record.root, record.name, error);
  }

  /** Stops waiting, unmounts React and puts the server markup back, whatever stage the widget reached. */
  private teardown(record: WidgetRecord): void {
    record.cancelTrigger();
    const { rendered, serverMarkup } = record;
    record.rendered = undefined;
    record.serverMarkup = undefined;
    this.quietly(() => {
      rendered?.unmount();
      if (serverMarkup) record.root.replaceChildren(...serverMarkup);
    });
  }
}

/**
 * A promise that settles in a later task: scheduler.yield() where the browser has it (the page's work keeps its place
 * ahead of other tasks), else a timer.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
