import { useState } from "react";
import { WidgetConfigError } from "../../../../widgets/lib/options";
import { startRuntime } from "../../../../widgets/runtime/index";
import { counterWidget, resetPage, waitForState } from "./harness";

const page = `
  <div data-widget="counter" data-label="first"><p>first server markup</p></div>
  <div data-widget="broken"><p>broken server markup</p></div>
  <div data-widget="counter" data-label="last"><p>last server markup</p></div>`;

function roots(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>("[data-widget]"));
}

async function expectIsolatedFailure(consoleError: ReturnType<typeof vi.spyOn>): Promise<void> {
  const [first, broken, last] = roots();
  await waitForState(broken!, "error");
  await waitForState(first!, "mounted");
  await waitForState(last!, "mounted");
  expect(broken!.innerHTML).toBe("<p>broken server markup</p>");
  expect(consoleError).toHaveBeenCalledTimes(1);
  expect(String(consoleError.mock.calls[0]![0])).toContain('"broken"');
}

describe("error isolation", () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    resetPage(page);
  });
  afterEach(() => {
    consoleError.mockRestore();
    resetPage();
  });

  it("a parse that throws marks only that widget as failed", async () => {
    const broken = counterWidget({
      name: "broken",
      parse: () => {
        throw new WidgetConfigError('data-per-page must be a whole number, got "x"');
      },
    });
    startRuntime([counterWidget(), broken]);
    await expectIsolatedFailure(consoleError);
    expect(consoleError.mock.calls[0]![1]).toBeInstanceOf(WidgetConfigError);
  });

  it("a widget whose definition and loaded module both lack a parse is marked failed, naming it", async () => {
    startRuntime([counterWidget(), counterWidget({ name: "broken", parse: undefined })]);
    await expectIsolatedFailure(consoleError);
    expect(String(consoleError.mock.calls[0]![1])).toMatch(/export it as "parse"/);
  });

  it("a load() that rejects (chunk failed to download) marks only that widget as failed", async () => {
    const broken = counterWidget({ name: "broken", load: () => Promise.reject(new Error("Failed to fetch chunk")) });
    startRuntime([counterWidget(), broken]);
    await expectIsolatedFailure(consoleError);
  });

  it("a component that throws while rendering marks only that widget as failed and restores its markup", async () => {
    const Throws = (): never => {
      throw new Error("render failed");
    };
    startRuntime([counterWidget(), counterWidget({ name: "broken", load: async () => ({ default: Throws }) })]);
    await expectIsolatedFailure(consoleError);
    expect((consoleError.mock.calls[0]![1] as Error).message).toBe("render failed");
  });

  it("a component that throws on a later update is torn down and its server markup restored", async () => {
    const ThrowsOnClick = () => {
      const [clicked, setClicked] = useState(false);
      if (clicked) throw new Error("update failed");
      return <button onClick={() => setClicked(true)}>Break</button>;
    };
    startRuntime([counterWidget(), counterWidget({ name: "broken", load: async () => ({ default: ThrowsOnClick }) })]);
    const broken = roots()[1]!;
    await waitForState(broken, "mounted");
    broken.querySelector("button")!.click();
    await expectIsolatedFailure(consoleError);
    expect((consoleError.mock.calls[0]![1] as Error).message).toBe("update failed");
  });

  it("an unknown data-widget name is reported and the others go on", async () => {
    startRuntime([counterWidget()]);
    await expectIsolatedFailure(consoleError);
    expect(String(consoleError.mock.calls[0]![1])).toMatch(/data-widget="broken" is not a known widget; use one of: counter/);
  });

  it("a failed widget is not retried by a second mount", async () => {
    const load = vi.fn(() => Promise.reject(new Error("offline")));
    startRuntime([counterWidget(), counterWidget({ name: "broken", load })]);
    await waitForState(roots()[1]!, "error");
    const { mountWidgets } = await import("../../../../widgets/runtime/index");
    mountWidgets();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
