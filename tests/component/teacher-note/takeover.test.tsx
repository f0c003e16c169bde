/**
 * The teacher note taking over the server's field through the real runtime
 * (widgets/runtime): whatever was typed before the widget's code arrived,
 * where the caret was and which element had focus all survive the mount.
 */
import userEvent from "@testing-library/user-event";
import { waitFor } from "@testing-library/dom";
import { startRuntime, stopRuntime } from "../../../widgets/runtime/index";
import { teacherNoteWidget } from "../../../widgets/teacher-note/index";
import { noteParams } from "../../support/resource-tools-params";
import { fakeServer, type FakeReply } from "../support/fake-server";
import { insertMarkup, renderMacro, resetDocument, setCsrfMeta } from "../support/widget-harness";


/** Starts the runtime with the note's chunk held back until `release()`, as a slow network would. */
function startWithHeldChunk(params: Record<string, unknown>, fetchReply: FakeReply) {
  fakeServer((method, url) => (method === "GET" && url === "/resources/notes/7/" ? fetchReply : { status: 599 }));
  const root = insertMarkup(renderMacro("teacher-note", "teacherNote", { ...noteParams, ...params }), "teacher-note");
  root.setAttribute("data-hydrate", "load");
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  startRuntime([{ ...teacherNoteWidget, load: () => held.then(() => import("../../../widgets/teacher-note/widget")) }]);
  const field = root.querySelector<HTMLTextAreaElement>("textarea")!;
  const mounted = async () => {
    release();
    await waitFor(() => expect(root.getAttribute("data-widget-state")).toBe("mounted"), { timeout: 5000 });
  };
  return { root, field, mounted };
}

beforeEach(() => {
  // The runtime renders outside act(), as it does in a browser (Testing Library turns act() on before all tests).
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  setCsrfMeta("token-1");
  window.localStorage.clear();
});

afterEach(() => {
  stopRuntime();
  resetDocument();
  window.localStorage.clear();
});

describe("teacher note: taking over the server's field", () => {
  it("keeps the same textarea element, its typed value, its caret and its focus", async () => {
    const user = userEvent.setup();
    const { root, field, mounted } = startWithHeldChunk({ content: "" }, { status: 200, body: { content: "" } });
    await user.click(field);
    await user.type(field, "U");
    expect(field.selectionStart).toBe(1);

    await mounted();
    // Not a copy: the server's own element, now inside the widget's form.
    expect(root.querySelector("textarea")).toBe(field);
    expect(field.closest("form")?.hasAttribute("novalidate")).toBe(true);
    expect(field).toHaveValue("U");
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([1, 1]);

    // The next keystrokes land after the first, not before it ("se theU").
    await user.keyboard("se the");
    expect(field).toHaveValue("Use the");
    expect(root.textContent).toContain("7 / 10,000");
  });

  it("keeps a selection (start, end, direction) made before the mount", async () => {
    const { field, mounted } = startWithHeldChunk({ content: "Hot-seat Macbeth" }, { status: 200, body: { content: "Hot-seat Macbeth" } });
    field.focus();
    field.setSelectionRange(9, 16, "backward");

    await mounted();
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd, field.selectionDirection]).toEqual([9, 16, "backward"]);
  });

  it("does not take focus when the field did not have it", async () => {
    const { field, mounted } = startWithHeldChunk({ content: "" }, { status: 200, body: { content: "" } });
    await mounted();
    expect(field).not.toHaveFocus();
  });

  it("lets text typed before the mount win over the fetched note, and keeps it as a draft", async () => {
    const user = userEvent.setup();
    const { field, mounted } = startWithHeldChunk({ content: "Saved plan" }, { status: 200, body: { content: "Saved plan" } });
    await user.clear(field);
    await user.type(field, "A fast new plan");

    await mounted();
    // The connect-time fetch answers with the saved note; the person's text stays.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(field).toHaveValue("A fast new plan");
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem("teacher-note:17:7") ?? "{}").content).toBe("A fast new plan"), { timeout: 5000 });
  });

  it("puts the field back in the server markup, value and all, when unmounted", async () => {
    const user = userEvent.setup();
    const { root, field, mounted } = startWithHeldChunk({ content: "" }, { status: 200, body: { content: "" } });
    await mounted();
    await user.type(field, "Kept");
    stopRuntime();
    expect(root.hasAttribute("data-widget-state")).toBe(false);
    expect(root.querySelector("form.teacher-note__form textarea")).toBe(field);
    expect(field).toHaveValue("Kept");
  });
});
