import { useState } from "react";
import { startRuntime, unmountWidgets } from "../../../../widgets/runtime/index";
import { counterWidget, lifecycle, resetPage, settle, waitForState } from "./harness";

// firstRender: "sliced" (the registration wizard): the first render is a transition React splits into short tasks.
describe('a widget with firstRender: "sliced"', () => {
  afterEach(() => resetPage());

  it("keeps the server markup while React renders, then marks the root mounted once the enhanced markup is in place", async () => {
    resetPage('<div data-widget="counter" data-label="sliced"><p class="loading">Loading…</p></div>');
    const root = document.querySelector<HTMLElement>("[data-widget]")!;
    const markupWhileRendering: string[] = [];
    const markupWhenMarked: string[] = [];
    const setAttribute = root.setAttribute.bind(root);
    root.setAttribute = (name: string, value: string) => {
      if (name === "data-widget-state") markupWhenMarked.push(root.innerHTML);
      setAttribute(name, value);
    };
    const Screen = ({ root: own }: { root: HTMLElement }) => {
      markupWhileRendering.push(own.innerHTML);
      return <h2>Find your school</h2>;
    };
    startRuntime([counterWidget({ firstRender: "sliced", load: async () => ({ default: Screen }) })]);
    await waitForState(root, "mounted");
    expect(markupWhileRendering[0]).toBe('<p class="loading">Loading…</p>');
    expect(markupWhenMarked).toEqual(["<h2>Find your school</h2>"]);
  });

  it("stays a live React root after the first commit, and is marked mounted once", async () => {
    resetPage('<div data-widget="counter" data-label="live"></div>');
    const root = document.querySelector<HTMLElement>("[data-widget]")!;
    const marks: string[] = [];
    const setAttribute = root.setAttribute.bind(root);
    root.setAttribute = (name: string, value: string) => {
      if (name === "data-widget-state") marks.push(value);
      setAttribute(name, value);
    };
    startRuntime([counterWidget({ firstRender: "sliced" })]);
    await waitForState(root, "mounted");
    root.querySelector("button")!.click();
    await vi.waitFor(() => expect(root.textContent).toBe("live clicked 1"));
    expect(marks).toEqual(["mounted"]);
    expect(lifecycle).toEqual(["mount live"]);
  });

  it("a first render that throws fails the mount and puts the server markup back", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      resetPage('<div data-widget="counter"><p>server markup</p></div>');
      const root = document.querySelector<HTMLElement>("[data-widget]")!;
      const Broken = () => {
        throw new Error("cannot render");
      };
      startRuntime([counterWidget({ firstRender: "sliced", load: async () => ({ default: Broken }) })]);
      await waitForState(root, "error");
      expect(root.innerHTML).toBe("<p>server markup</p>");
      expect(consoleError.mock.calls.some(([first]) => String(first).includes('"counter"'))).toBe(true);
    } finally {
      consoleError.mockRestore();
    }
  });

  it("a later update that throws fails the widget and puts the server markup back", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      resetPage('<div data-widget="counter"><p>server markup</p></div>');
      const root = document.querySelector<HTMLElement>("[data-widget]")!;
      const BreaksOnClick = () => {
        const [broken, setBroken] = useState(false);
        if (broken) throw new Error("broke on click");
        return (
          <button type="button" onClick={() => setBroken(true)}>
            break
          </button>
        );
      };
      startRuntime([counterWidget({ firstRender: "sliced", load: async () => ({ default: BreaksOnClick }) })]);
      await waitForState(root, "mounted");
      root.querySelector("button")!.click();
      await waitForState(root, "error");
      expect(root.innerHTML).toBe("<p>server markup</p>");
    } finally {
      consoleError.mockRestore();
    }
  });

  it("unmounting puts the server markup back and runs the widget's cleanup", async () => {
    resetPage('<div data-widget="counter" data-label="gone"><p>server markup</p></div>');
    const root = document.querySelector<HTMLElement>("[data-widget]")!;
    startRuntime([counterWidget({ firstRender: "sliced" })]);
    await waitForState(root, "mounted");
    unmountWidgets(document.body);
    await settle();
    expect(root.innerHTML).toBe("<p>server markup</p>");
    expect(root.hasAttribute("data-widget-state")).toBe(false);
    expect(lifecycle).toEqual(["mount gone", "unmount gone"]);
  });
});
