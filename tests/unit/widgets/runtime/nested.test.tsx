import { fireEvent } from "@testing-library/dom";
import { startRuntime, unmountWidgets } from "../../../../widgets/runtime/index";
import { counterWidget, lifecycle, panelWidget, resetPage, RUNTIME_WAIT, settle, waitForState } from "./harness";

const page = `
  <div id="outer" data-widget="panel">
    <h2>Programme</h2>
    <div class="panel">
      <p>Intro text</p>
      <div id="inner" data-widget="counter" data-label="inner"><a href="/book">Book</a></div>
    </div>
  </div>`;

describe("nested widgets", () => {
  afterEach(() => resetPage());

  it("an inner widget moved by its outer widget is mounted once and keeps working", async () => {
    resetPage(page);
    startRuntime([panelWidget, counterWidget()]);
    const outer = document.getElementById("outer")!;
    const inner = document.getElementById("inner")!;
    await waitForState(outer, "mounted");
    await waitForState(inner, "mounted");
    await settle();

    expect(outer.querySelector(".panel-enhanced__body")!.contains(inner)).toBe(true);
    expect(lifecycle.filter((entry) => entry.includes("inner"))).toEqual(["mount inner"]);
    fireEvent.click(inner.querySelector("button")!);
    await vi.waitFor(() => expect(inner.querySelector("button")).toHaveTextContent("inner clicked 1"), RUNTIME_WAIT);
  });

  it("an inner widget mounted before its outer widget survives being moved", async () => {
    resetPage(page);
    let releaseOuter!: () => void;
    const slowPanel = {
      ...panelWidget,
      load: () => new Promise<Awaited<ReturnType<typeof panelWidget.load>>>((resolve) => {
        releaseOuter = () => void panelWidget.load().then(resolve);
      }),
    };
    startRuntime([slowPanel, counterWidget()]);
    const inner = document.getElementById("inner")!;
    await waitForState(inner, "mounted");
    fireEvent.click(inner.querySelector("button")!);

    releaseOuter();
    await waitForState(document.getElementById("outer")!, "mounted");
    await settle();
    expect(lifecycle).toEqual(["mount inner", "mount panel Programme"]);
    expect(inner).toHaveAttribute("data-widget-state", "mounted");
    fireEvent.click(inner.querySelector("button")!);
    await vi.waitFor(() => expect(inner.querySelector("button")).toHaveTextContent("inner clicked 2"), RUNTIME_WAIT);
  });

  it("unmountWidgets on the outer root unmounts both and restores the server markup", async () => {
    resetPage(page);
    const serverMarkup = document.getElementById("outer")!.innerHTML;
    startRuntime([panelWidget, counterWidget()]);
    const outer = document.getElementById("outer")!;
    await waitForState(outer, "mounted");
    await waitForState(document.getElementById("inner")!, "mounted");

    unmountWidgets(outer);
    expect(outer.innerHTML).toBe(serverMarkup);
    await settle();
    expect(document.querySelectorAll("[data-widget-state]")).toHaveLength(0);
    expect(lifecycle).toContain("unmount inner");
  });

  it("removing the outer widget from the page unmounts the inner one too", async () => {
    resetPage(page);
    startRuntime([panelWidget, counterWidget()]);
    await waitForState(document.getElementById("outer")!, "mounted");
    await waitForState(document.getElementById("inner")!, "mounted");
    document.getElementById("outer")!.remove();
    await settle();
    expect(lifecycle).toEqual(expect.arrayContaining(["unmount inner", "unmount panel Programme"]));
  });
});
