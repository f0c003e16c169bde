import { startRuntime } from "../../../../widgets/runtime/index";
import { IDLE_FALLBACK_MS, VISIBLE_ROOT_MARGIN } from "../../../../widgets/runtime/triggers";
import { counterWidget, resetPage, settle, waitForState } from "./harness";

function root(): HTMLElement {
  return document.querySelector<HTMLElement>('[data-widget="counter"]')!;
}

describe("load triggers", () => {
  afterEach(() => {
    resetPage();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("load (the default) mounts straight away", async () => {
    resetPage('<div data-widget="counter"><a href="/x">server link</a></div>');
    startRuntime([counterWidget()]);
    await waitForState(root(), "mounted");
    expect(root().querySelector("button.counter")).toHaveTextContent("counter clicked 0");
  });

  it("uses the widget's own default trigger when data-hydrate is absent", async () => {
    const observe = vi.fn();
    vi.stubGlobal("IntersectionObserver", class { observe = observe; disconnect() {} });
    resetPage('<div data-widget="counter"></div>');
    startRuntime([counterWidget({ hydrate: "visible" })]);
    await settle();
    expect(observe).toHaveBeenCalledWith(root());
    expect(root()).not.toHaveAttribute("data-widget-state");
  });

  it("idle waits for requestIdleCallback", async () => {
    let idleCallback: (() => void) | undefined;
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => ((idleCallback = callback), 1));
    vi.stubGlobal("cancelIdleCallback", () => {});
    resetPage('<div data-widget="counter" data-hydrate="idle"></div>');
    const load = vi.fn(counterWidget().load);
    startRuntime([counterWidget({ load })]);
    await settle();
    expect(load).not.toHaveBeenCalled();
    idleCallback!();
    await waitForState(root(), "mounted");
  });

  it(`idle falls back to a ${IDLE_FALLBACK_MS} ms timeout without requestIdleCallback`, async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    resetPage('<div data-widget="counter" data-hydrate="idle"></div>');
    const load = vi.fn(counterWidget().load);
    startRuntime([counterWidget({ load })]);
    vi.advanceTimersByTime(IDLE_FALLBACK_MS - 1);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    await waitForState(root(), "mounted");
  });

  it("visible waits until the root comes near the viewport", async () => {
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; disconnected: boolean }[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        record: (typeof observers)[number];
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          this.record = { callback, options, disconnected: false };
          observers.push(this.record);
        }
        observe() {}
        disconnect() {
          this.record.disconnected = true;
        }
      },
    );
    resetPage('<div data-widget="counter" data-hydrate="visible"></div>');
    startRuntime([counterWidget()]);
    await settle();
    expect(root()).not.toHaveAttribute("data-widget-state");
    expect(observers[0]!.options?.rootMargin).toBe(VISIBLE_ROOT_MARGIN);

    const fire = (isIntersecting: boolean) =>
      observers[0]!.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    fire(false);
    await settle();
    expect(root()).not.toHaveAttribute("data-widget-state");
    fire(true);
    await waitForState(root(), "mounted");
    expect(observers[0]!.disconnected).toBe(true);
  });

  it("visible mounts at once where IntersectionObserver is missing", async () => {
    resetPage('<div data-widget="counter" data-hydrate="visible"></div>');
    startRuntime([counterWidget()]);
    await waitForState(root(), "mounted");
  });

  it("interaction waits for the first focus or pointer on the root, and keeps focus where it was", async () => {
    resetPage('<div data-widget="counter" data-hydrate="interaction"><button id="counter-button">server</button></div>');
    const Focusable = () => <button id="counter-button">enhanced</button>;
    startRuntime([counterWidget({ load: async () => ({ default: Focusable }) })]);
    await settle();
    expect(root()).not.toHaveAttribute("data-widget-state");
    root().querySelector("button")!.focus();
    await waitForState(root(), "mounted");
    expect(document.activeElement).toHaveTextContent("enhanced");
  });

  it("interaction also starts on pointerover", async () => {
    resetPage('<div data-widget="counter" data-hydrate="interaction"></div>');
    startRuntime([counterWidget()]);
    root().dispatchEvent(new Event("pointerover", { bubbles: true }));
    await waitForState(root(), "mounted");
  });

  it("media:(query) mounts when the query matches later", async () => {
    const listeners: ((event: MediaQueryListEvent) => void)[] = [];
    const queries: string[] = [];
    vi.stubGlobal("matchMedia", (query: string) => {
      queries.push(query);
      return {
        matches: false,
        addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.push(listener),
        removeEventListener: () => {},
      };
    });
    resetPage('<div data-widget="counter" data-hydrate="media:(min-width: 64em)"></div>');
    startRuntime([counterWidget()]);
    await settle();
    expect(queries).toEqual(["(min-width: 64em)"]);
    expect(root()).not.toHaveAttribute("data-widget-state");
    listeners[0]!({ matches: true } as MediaQueryListEvent);
    await waitForState(root(), "mounted");
  });

  it("media:(query) mounts at once when it already matches", async () => {
    vi.stubGlobal("matchMedia", () => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
    resetPage('<div data-widget="counter" data-hydrate="media:(prefers-reduced-motion: no-preference)"></div>');
    startRuntime([counterWidget()]);
    await waitForState(root(), "mounted");
  });

  it("an unknown trigger puts the root in the error state and says which values are allowed", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    resetPage('<div data-widget="counter" data-hydrate="soon"><p>server</p></div>');
    startRuntime([counterWidget()]);
    await waitForState(root(), "error");
    expect(root().innerHTML).toBe("<p>server</p>");
    expect(String(consoleError.mock.calls[0]?.[1])).toMatch(/data-hydrate must be .*"visible".*got "soon"/);
    consoleError.mockRestore();
  });
});
