import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import ToolsPanel from "../../../widgets/tools-panel/ToolsPanel";
import { parseToolsPanel } from "../../../widgets/tools-panel/parse";
import { setMediaQuery } from "../../setup/match-media";
import { shareParams } from "../../support/resource-tools-params";
import { insertMarkup, mountWidget, renderMacro, resetDocument } from "../support/widget-harness";

const wide = "(min-width: 64em)";

const tools = {
  id: "tools",
  save: { resourceId: 42, resourceType: "lesson-plan", title: "Macbeth", saved: false, signedIn: true, returnPath: "/resources/macbeth/", csrfToken: "t" },
  share: shareParams,
  notesHref: "#resource-activities",
  notesCount: 2,
};

function mountPanel() {
  const root = insertMarkup(renderMacro("tools-panel", "toolsPanel", tools), "tools-panel");
  const saveRoot = root.querySelector('[data-widget="save-resource"]');
  const mounted = mountWidget(root, parseToolsPanel, ToolsPanel);
  return { ...mounted, saveRoot };
}

const body = () => document.getElementById("tools-body")!;
const printButton = () => screen.getByRole("button", { name: "Print" });

afterEach(resetDocument);

describe("tools panel, without JavaScript", () => {
  it("is open, with the toggle and Print hidden and Share a link to the share page", () => {
    insertMarkup(renderMacro("tools-panel", "toolsPanel", tools), "tools-panel");
    expect(screen.getByRole("region", { name: "Tools" })).toBeInTheDocument();
    expect(body()).toBeVisible();
    expect(document.querySelector(".tools-panel__toggle")).not.toBeVisible();
    expect(document.querySelector("[data-tools-print]")).not.toBeVisible();
    expect(screen.getByRole("link", { name: /^Share/ })).toHaveAttribute("href", "/resources/macbeth/share/");
    expect(screen.getByRole("link", { name: "Your notes (2)" })).toHaveAttribute("href", "#resource-activities");
  });
});

describe("tools panel, narrow screens", () => {
  it("starts collapsed behind a disclosure button that controls the list", async () => {
    const user = userEvent.setup();
    mountPanel();
    const toggle = screen.getByRole("button", { name: "Show tools" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveAttribute("aria-controls", "tools-body");
    expect(body()).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAccessibleName("Hide tools");
    expect(body()).toBeVisible();
    await user.keyboard("{Enter}");
    expect(body()).not.toBeVisible();
  });

  it("keeps the widgets inside: the Save control is the server's element, moved", () => {
    const { saveRoot } = mountPanel();
    expect(body()).toContainElement(saveRoot as HTMLElement);
  });
});

describe("tools panel, wide screens", () => {
  beforeEach(() => setMediaQuery(wide, true));

  it("is always open with no toggle", () => {
    mountPanel();
    expect(body()).toBeVisible();
    expect(screen.queryByRole("button", { name: /tools/i })).toBeNull();
  });

  it("opens when the window widens and folds again when it narrows", () => {
    setMediaQuery(wide, false);
    mountPanel();
    expect(body()).not.toBeVisible();
    act(() => setMediaQuery(wide, true));
    expect(body()).toBeVisible();
    act(() => setMediaQuery(wide, false));
    expect(body()).not.toBeVisible();
    expect(screen.getByRole("button", { name: "Show tools" })).toBeInTheDocument();
  });
});

describe("tools panel, Print", () => {
  beforeEach(() => setMediaQuery(wide, true));

  it("is revealed and calls window.print()", async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    mountPanel();
    expect(printButton()).toBeVisible();
    await user.click(printButton());
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("is hidden again, and no longer prints, once the widget unmounts", () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    const { result } = mountPanel();
    const button = printButton();
    result.unmount();
    button.click();
    expect(print).not.toHaveBeenCalled();
    expect(button.hidden).toBe(true);
  });
});

describe("tools panel, the notes count", () => {
  it("follows a note's first save and a delete on the page (teacher-note:change), without a reload", () => {
    setMediaQuery(wide, true);
    mountPanel();
    const announce = (hasNote: boolean) =>
      act(() => {
        document.body.dispatchEvent(new CustomEvent("teacher-note:change", { bubbles: true, detail: { activityId: "7", hasNote } }));
      });
    announce(true);
    expect(screen.getByRole("link", { name: "Your notes (3)" })).toHaveAttribute("href", "#resource-activities");
    announce(false);
    announce(false);
    expect(screen.getByRole("link", { name: "Your notes (1)" })).toBeInTheDocument();
  });
});
