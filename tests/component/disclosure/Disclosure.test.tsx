import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Disclosure from "../../../widgets/lib/Disclosure";
import { parseDisclosure } from "../../../widgets/disclosure/parse";
import { insertMarkup, mountWidget, renderMacro } from "../support/widget-harness";

const content = '<p>Bring a packed lunch: the studio has <a href="/visit-us/">a picnic room</a>.</p>';

function mountDisclosure(params: Record<string, unknown> = {}) {
  const markup = renderMacro("disclosure", "disclosure", { id: "lunch", buttonText: "What about lunch?", html: content, ...params });
  return mountWidget(insertMarkup(markup, "disclosure"), parseDisclosure, Disclosure).root;
}

const region = () => document.getElementById("lunch-region")!;

afterEach(() => document.body.replaceChildren());

describe("disclosure", () => {
  it("renders a collapsed button that controls the region", () => {
    mountDisclosure();
    const button = screen.getByRole("button", { name: "What about lunch?" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveAttribute("aria-controls", "lunch-region");
    expect(region()).toHaveClass("disclosure__region");
    expect(region()).not.toBeVisible();
  });

  it("shows and hides the region on click", async () => {
    const user = userEvent.setup();
    mountDisclosure();
    const button = screen.getByRole("button", { name: "What about lunch?" });
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(region()).toBeVisible();
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(region()).not.toBeVisible();
  });

  it("works from the keyboard", async () => {
    const user = userEvent.setup();
    mountDisclosure();
    await user.tab();
    expect(screen.getByRole("button", { name: "What about lunch?" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(region()).toBeVisible();
    await user.keyboard(" ");
    expect(region()).not.toBeVisible();
  });

  it("starts open when the markup says data-open", () => {
    const root = mountDisclosure({ open: true });
    expect(root).toHaveAttribute("data-open");
    expect(screen.getByRole("button", { name: "What about lunch?" })).toHaveAttribute("aria-expanded", "true");
    expect(region()).toBeVisible();
  });

  it("keeps the label's heading level around the button", () => {
    mountDisclosure({ headingLevel: 3 });
    const heading = screen.getByRole("heading", { level: 3, name: "What about lunch?" });
    expect(heading).toHaveClass("disclosure__label");
    expect(heading).toContainElement(screen.getByRole("button"));
  });

  it("switches between data-i18n-show-label and data-i18n-hide-label", async () => {
    const user = userEvent.setup();
    mountDisclosure({ showLabel: "Show lunch details", hideLabel: "Hide lunch details" });
    const button = screen.getByRole("button", { name: "Show lunch details" });
    await user.click(button);
    expect(button).toHaveAccessibleName("Hide lunch details");
  });

  it("gives hand-written markup without a region id one, so the button still controls the region", () => {
    const root = insertMarkup(
      '<div data-widget="disclosure"><p class="disclosure__label">Parking</p><div class="disclosure__region"><p>Two bays.</p></div></div>',
      "disclosure",
    );
    mountWidget(root, parseDisclosure, Disclosure);
    const button = screen.getByRole("button", { name: "Parking" });
    const regionElement = root.querySelector(".disclosure__region")!;
    expect(regionElement.id).toMatch(/^disclosure-[a-zA-Z0-9_-]+-region$/);
    expect(button).toHaveAttribute("aria-controls", regionElement.id);
  });

  it("moves the region's content into the widget, not a copy", () => {
    const root = insertMarkup(
      renderMacro("disclosure", "disclosure", { id: "lunch", buttonText: "What about lunch?", html: content }),
      "disclosure",
    );
    const serverLink = root.querySelector("#lunch-region a");
    mountWidget(root, parseDisclosure, Disclosure);
    expect(region().querySelector("a")).toBe(serverLink);
  });
});
