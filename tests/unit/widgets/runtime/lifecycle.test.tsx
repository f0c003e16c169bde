import { fireEvent } from "@testing-library/dom";
import { mountWidgets, startRuntime, unmountWidgets } from "../../../../widgets/runtime/index";
import { Counter, counterWidget, jsonWidget, lifecycle, resetPage, RUNTIME_WAIT, settle, waitForState } from "./harness";

describe("mounting and unmounting", () => {
  afterEach(() => resetPage());

  it("sets data-widget-state, passes the root, and replaces the server markup", async () => {
    resetPage('<div data-widget="counter" data-label="Book"><a href="/book">Book tickets</a></div>');
    const root = document.querySelector<HTMLElement>("[data-widget]")!;
    const seenRoots: HTMLElement[] = [];
    const Spy = (props: { root: HTMLElement }) => {
      seenRoots.push(props.root);
      return <span>enhanced</span>;
    };
    startRuntime([counterWidget({ load: async () => ({ default: Spy }) })]);
    await waitForState(root, "mounted");
    expect(root.innerHTML).toBe("<span>enhanced</span>");
    expect(seenRoots[0]).toBe(root);
  });

  it("takes parse from the loaded module when the definition gives none (widgets/<name>/widget.ts)", async () => {
    resetPage('<div data-widget="counter" data-label="from the chunk"></div>');
    const root = document.querySelector<HTMLElement>("[data-widget]")!;
    const definition = counterWidget();
    const { parse } = definition;
    startRuntime([{ ...definition, parse: undefined, load: async () => ({ default: Counter, parse }) }]);
    await waitForState(root, "mounted");
    expect(root.textContent).toBe("from the chunk clicked 0");
  });

  it("commits synchronously: the enhanced markup is in place when the mounted marker is set", async () => {
    resetPage('<div data-widget="counter" data-label="sync"><a href="/">server</a></div>');
    const root = document.querySelector<HTMLElement>("[data-widget]")!;
    const markupWhenMarked: string[] = [];
    const setAttribute = root.setAttribute.bind(root);
    root.setAttribute = (name: string, value: string) => {
      if (name === "data-widget-state") markupWhenMarked.push(root.innerHTML);
      setAttribute(name, value);
    };
    startRuntime([counterWidget()]);
    await waitForState(root, "mounted");
    expect(markupWhenMarked).toEqual(['<button type="button" class="counter">sync clicked 0</button>']);
    expect(lifecycle).toEqual(["mount sync"]);
  });

  it("mounting twice is a no-op, even while the first load is still pending", async () => {
    resetPage('<div data-widget="counter"></div>');
    const load = vi.fn(counterWidget().load);
    startRuntime([counterWidget({ load })]);
    mountWidgets();
    mountWidgets(document.body);
    const root = document.querySelector("[data-widget]")!;
    await waitForState(root, "mounted");
    mountWidgets();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(lifecycle).toEqual(["mount counter"]);
    expect(root.querySelectorAll("button")).toHaveLength(1);
  });

  it("mounts a widget inserted later, and unmounts it (effect cleanup) when removed", async () => {
    resetPage('<div id="slot"></div>');
    startRuntime([counterWidget()]);
    const slot = document.getElementById("slot")!;
    slot.innerHTML = '<section><div data-widget="counter" data-label="late"></div></section>';
    const root = slot.querySelector("[data-widget]")!;
    await waitForState(root, "mounted");
    expect(lifecycle).toEqual(["mount late"]);

    slot.firstElementChild!.remove();
    await settle();
    expect(lifecycle).toEqual(["mount late", "unmount late"]);
  });

  it("does not unmount a widget that is moved elsewhere in the document", async () => {
    resetPage('<div id="a"><div data-widget="counter" data-label="moved"></div></div><div id="b"></div>');
    startRuntime([counterWidget()]);
    const root = document.querySelector("[data-widget]")!;
    await waitForState(root, "mounted");
    fireEvent.click(root.querySelector("button")!);
    document.getElementById("b")!.append(root);
    await settle();
    expect(lifecycle).toEqual(["mount moved"]);
    fireEvent.click(root.querySelector("button")!);
    await vi.waitFor(() => expect(root.querySelector("button")).toHaveTextContent("moved clicked 2"), RUNTIME_WAIT);
  });

  it("unmountWidgets restores the original markup, and mounting afterwards works", async () => {
    const serverMarkup = '<a href="/whats-on">What\'s on</a> <em>today</em>';
    resetPage(`<div id="region"><div data-widget="counter" data-label="again">${serverMarkup}</div></div>`);
    startRuntime([counterWidget()]);
    const root = document.querySelector("[data-widget]")!;
    const originalLink = root.querySelector("a");
    await waitForState(root, "mounted");

    unmountWidgets(document.getElementById("region")!);
    expect(root.innerHTML).toBe(serverMarkup);
    expect(root.querySelector("a")).toBe(originalLink);
    expect(root).not.toHaveAttribute("data-widget-state");
    expect(lifecycle).toEqual(["mount again", "unmount again"]);
    await settle();
    expect(root).not.toHaveAttribute("data-widget-state"); // the observer does not remount it

    mountWidgets(root);
    await waitForState(root, "mounted");
    fireEvent.click(root.querySelector("button")!);
    await vi.waitFor(() => expect(root.querySelector("button")).toHaveTextContent("again clicked 1"), RUNTIME_WAIT);
  });

  it("cancels a widget removed while it waits for its trigger", async () => {
    resetPage('<div data-widget="counter" data-hydrate="interaction"></div>');
    const load = vi.fn(counterWidget().load);
    startRuntime([counterWidget({ load })]);
    const root = document.querySelector<HTMLElement>("[data-widget]")!;
    root.remove();
    await settle();
    root.dispatchEvent(new Event("focusin"));
    await settle();
    expect(load).not.toHaveBeenCalled();
  });

  it("reads JSON props whose strings contain </script>, escaped as json_script does", async () => {
    const items = ["</script><script>alert('x')</script>", "Romeo & Juliet", "a > b"];
    const escaped = JSON.stringify({ items }).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
    resetPage(`<div data-widget="json-list"><script type="application/json" data-props>${escaped}</script></div>`);
    startRuntime([jsonWidget]);
    const root = document.querySelector("[data-widget]")!;
    await waitForState(root, "mounted");
    expect(Array.from(root.querySelectorAll("li"), (item) => item.textContent)).toEqual(items);
    expect(document.querySelectorAll("script")).toHaveLength(0);
  });

  it("mountWidgets before the runtime starts says what to do", () => {
    resetPage();
    expect(() => mountWidgets()).toThrow(/has not started yet/);
  });
});
