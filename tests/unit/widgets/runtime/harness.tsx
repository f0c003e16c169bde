/**
 * Tiny widgets for the runtime tests. Each records its React lifecycle in
 * `lifecycle`, so a test can tell a real unmount (effect cleanup) from a move.
 */
import { useEffect, useState } from "react";
import { AdoptedContent } from "../../../../widgets/lib/AdoptedContent";
import { childNodesOf } from "../../../../widgets/lib/dom";
import { readJsonProps } from "../../../../widgets/lib/json-props";
import { readOptions } from "../../../../widgets/lib/options";
import { defineWidget, type WidgetDefinition, type WidgetProps } from "../../../../widgets/runtime/definition";
import { stopRuntime } from "../../../../widgets/runtime/index";

// The runtime renders outside act(), as it does in a browser; tell React this is not an act() test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

export const lifecycle: string[] = [];

interface CounterProps {
  label: string;
}

/** A button that counts its clicks: proves the React root is alive and keeps state. */
export function Counter({ label }: WidgetProps<CounterProps>) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    lifecycle.push(`mount ${label}`);
    return () => void lifecycle.push(`unmount ${label}`);
  }, [label]);
  return (
    <button type="button" className="counter" onClick={() => setCount((value) => value + 1)}>
      {label} clicked {count}
    </button>
  );
}

export function counterWidget(overrides: Partial<WidgetDefinition<CounterProps>> = {}): WidgetDefinition<CounterProps> {
  return defineWidget<CounterProps>({
    name: "counter",
    parse: (root) => readOptions(root, { label: { type: "string", default: "counter" } }),
    load: async () => ({ default: Counter }),
    ...overrides,
  });
}

interface PanelProps {
  title: string;
  content: Node[];
}

/** Moves its `.panel` content into the React tree, like an accordion panel. */
function Panel({ title, content }: WidgetProps<PanelProps>) {
  useEffect(() => {
    lifecycle.push(`mount panel ${title}`);
    return () => void lifecycle.push(`unmount panel ${title}`);
  }, [title]);
  return (
    <section className="panel-enhanced">
      <h2>{title}</h2>
      <AdoptedContent nodes={content} className="panel-enhanced__body" />
    </section>
  );
}

export const panelWidget = defineWidget<PanelProps>({
  name: "panel",
  parse: (root) => ({
    title: root.querySelector("h2")?.textContent ?? "",
    content: childNodesOf(root.querySelector(".panel")),
  }),
  load: async () => ({ default: Panel }),
});

interface JsonProps {
  items: string[];
}

function ItemList({ items }: WidgetProps<JsonProps>) {
  return (
    <ul className="items">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export const jsonWidget = defineWidget<JsonProps>({
  name: "json-list",
  parse: (root) => readJsonProps(root) as JsonProps,
  load: async () => ({ default: ItemList }),
});

/**
 * How long to wait for the runtime. The first mount in a file also transforms
 * react-dom, which takes well over vi.waitFor's default second on a busy machine.
 */
export const RUNTIME_WAIT = { timeout: 5000, interval: 10 };

/** Waits until the runtime has settled `root` into `state`. */
export async function waitForState(root: Element, state: "mounted" | "error"): Promise<void> {
  await vi.waitFor(() => expect(root.getAttribute("data-widget-state")).toBe(state), RUNTIME_WAIT);
}

/** Lets pending promises, microtasks and MutationObserver callbacks run. */
export async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

export function resetPage(html = ""): void {
  stopRuntime();
  lifecycle.length = 0;
  document.body.innerHTML = html;
}
