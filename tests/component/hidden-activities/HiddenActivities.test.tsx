import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Disclosure from "../../../widgets/lib/Disclosure";
import { parseDisclosure } from "../../../widgets/disclosure/parse";
import { parseHiddenActivities } from "../../../widgets/hidden-activities/parse";
import { insertMarkup, mountWidget, renderMacro } from "../support/widget-harness";

const activities =
  '<ul><li><a href="/learning/freeze-frames/">Macbeth: exploring ambition through freeze-frames (KS3, 45 min)</a></li>' +
  "<li>Hot-seating Lady Macbeth (KS4, 60 min)</li></ul>";

function mountActivities(params: Record<string, unknown> = {}) {
  const markup = renderMacro("hidden-activities", "hiddenActivities", { id: "macbeth-activities", html: activities, ...params });
  return mountWidget(insertMarkup(markup, "hidden-activities"), parseHiddenActivities, Disclosure).root;
}

const block = () => document.getElementById("macbeth-activities-block")!;

afterEach(() => document.body.replaceChildren());

describe("hidden activities block", () => {
  it("hides the block behind a collapsed Show all activities button that controls it", () => {
    mountActivities();
    const button = screen.getByRole("button", { name: "Show all activities" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveAttribute("aria-controls", "macbeth-activities-block");
    expect(block()).toHaveClass("hidden-activities__block");
    expect(block()).not.toBeVisible();
  });

  it("renders the hidden-activities classes, the button straight inside the root", () => {
    const root = mountActivities();
    const button = screen.getByRole("button", { name: "Show all activities" });
    expect(button).toHaveClass("hidden-activities__button");
    expect(button.parentElement).toBe(root);
    expect(button.querySelector(".hidden-activities__icon")).toHaveAttribute("aria-hidden", "true");
  });

  it("shows the block on click, then hides it again with Hide activities", async () => {
    const user = userEvent.setup();
    mountActivities();
    await user.click(screen.getByRole("button", { name: "Show all activities" }));
    const button = screen.getByRole("button", { name: "Hide activities" });
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(block()).toBeVisible();
    expect(screen.getByRole("link", { name: /freeze-frames/ })).toBeVisible();
    await user.click(button);
    expect(screen.getByRole("button", { name: "Show all activities" })).toHaveAttribute("aria-expanded", "false");
    expect(block()).not.toBeVisible();
  });

  it("works from the keyboard", async () => {
    const user = userEvent.setup();
    mountActivities();
    await user.tab();
    expect(screen.getByRole("button", { name: "Show all activities" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(block()).toBeVisible();
    await user.keyboard(" ");
    expect(block()).not.toBeVisible();
  });

  it("takes its labels from data-i18n-show-label and data-i18n-hide-label", async () => {
    const user = userEvent.setup();
    const root = mountActivities({ showLabel: "Show all 12 classroom activities", hideLabel: "Hide the activities" });
    expect(root).toHaveAttribute("data-i18n-show-label", "Show all 12 classroom activities");
    await user.click(screen.getByRole("button", { name: "Show all 12 classroom activities" }));
    expect(screen.getByRole("button", { name: "Hide the activities" })).toBeInTheDocument();
  });

  it("moves the page's activities into the block, not a copy", () => {
    const root = insertMarkup(
      renderMacro("hidden-activities", "hiddenActivities", { id: "macbeth-activities", html: activities }),
      "hidden-activities",
    );
    const serverLink = root.querySelector("a");
    mountWidget(root, parseHiddenActivities, Disclosure);
    expect(block().querySelector("a")).toBe(serverLink);
  });

  it("keeps a widget nested in the block working", async () => {
    const user = userEvent.setup();
    const nested = renderMacro("disclosure", "disclosure", {
      id: "kit",
      buttonText: "What to bring",
      html: "<p>Loose clothes and a water bottle.</p>",
    });
    const root = insertMarkup(
      renderMacro("hidden-activities", "hiddenActivities", { id: "macbeth-activities", html: nested }),
      "hidden-activities",
    );
    mountWidget(root.querySelector<HTMLElement>('[data-widget="disclosure"]')!, parseDisclosure, Disclosure);
    mountWidget(root, parseHiddenActivities, Disclosure);
    await user.click(screen.getByRole("button", { name: "Show all activities" }));
    await user.click(screen.getByRole("button", { name: "What to bring" }));
    expect(screen.getByText("Loose clothes and a water bottle.")).toBeVisible();
  });
});
