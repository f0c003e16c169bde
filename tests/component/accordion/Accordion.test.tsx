import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Accordion from "../../../widgets/accordion/Accordion";
import { parseAccordion } from "../../../widgets/accordion/parse";
import Disclosure from "../../../widgets/lib/Disclosure";
import { parseDisclosure } from "../../../widgets/disclosure/parse";
import { insertMarkup, mountWidget, renderMacro } from "../support/widget-harness";

const items = [
  { heading: "Getting here", html: "<p>The Lyceum stage door is on Grindlay Street.</p>" },
  { heading: "Access", html: '<p>Captioned and <a href="/access/">relaxed performances</a>.</p>', open: true },
  { heading: "Booking for schools", text: "Groups of 10 or more: call the box office." },
];

function mountAccordion(params: Record<string, unknown> = {}) {
  const markup = renderMacro("accordion", "accordion", { id: "visit", items, ...params });
  return mountWidget(insertMarkup(markup, "accordion"), parseAccordion, Accordion).root;
}

const header = (name: string) => screen.getByRole("button", { name });
const panelOf = (name: string) => document.getElementById(header(name).getAttribute("aria-controls") ?? "")!;

afterEach(() => document.body.replaceChildren());

describe("accordion", () => {
  it("puts a button with aria-expanded and aria-controls inside each original heading", () => {
    mountAccordion({ headingLevel: 2 });
    const headers = screen.getAllByRole("button");
    expect(headers).toHaveLength(3);
    for (const button of headers) {
      expect(button.parentElement?.localName).toBe("h2");
      expect(button.parentElement).toHaveClass("accordion__heading");
    }
    expect(header("Getting here")).toHaveAttribute("aria-controls", "visit-panel-1");
    expect(header("Getting here")).toHaveAttribute("id", "visit-heading-1");
  });

  it("makes each panel a region labelled by its header, hidden unless marked open", () => {
    mountAccordion();
    const access = screen.getByRole("region", { name: "Access" });
    expect(access).toHaveClass("accordion__panel");
    expect(access).toBeVisible();
    expect(header("Access")).toHaveAttribute("aria-expanded", "true");
    expect(header("Getting here")).toHaveAttribute("aria-expanded", "false");
    expect(panelOf("Getting here")).not.toBeVisible();
    expect(panelOf("Getting here")).toHaveAttribute("role", "region");
    expect(panelOf("Getting here")).toHaveAttribute("aria-labelledby", "visit-heading-1");
  });

  it("toggles a panel on click and lets several stay open", async () => {
    const user = userEvent.setup();
    mountAccordion();
    await user.click(header("Getting here"));
    expect(header("Getting here")).toHaveAttribute("aria-expanded", "true");
    expect(panelOf("Getting here")).toBeVisible();
    expect(panelOf("Getting here").parentElement).toHaveClass("accordion__section", "is-open");
    expect(header("Access")).toHaveAttribute("aria-expanded", "true");

    await user.click(header("Getting here"));
    expect(header("Getting here")).toHaveAttribute("aria-expanded", "false");
    expect(panelOf("Getting here")).not.toBeVisible();
    expect(panelOf("Getting here").parentElement).not.toHaveClass("is-open");
  });

  it("keeps one panel open at a time with data-single-open", async () => {
    const user = userEvent.setup();
    const root = mountAccordion({ singleOpen: true, items: items.map((item) => ({ ...item, open: true })) });
    expect(root).toHaveAttribute("data-single-open");
    // All three are marked open in the markup: only the first stays open.
    expect(screen.getAllByRole("button").map((button) => button.getAttribute("aria-expanded"))).toEqual(["true", "false", "false"]);

    await user.click(header("Booking for schools"));
    expect(screen.getAllByRole("button").map((button) => button.getAttribute("aria-expanded"))).toEqual(["false", "false", "true"]);
    await user.click(header("Booking for schools"));
    expect(screen.getAllByRole("button").map((button) => button.getAttribute("aria-expanded"))).toEqual(["false", "false", "false"]);
  });

  it("moves focus between headers with Arrow Down / Up (wrapping), Home and End", async () => {
    const user = userEvent.setup();
    mountAccordion();
    header("Getting here").focus();
    await user.keyboard("{ArrowDown}");
    expect(header("Access")).toHaveFocus();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(header("Getting here")).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(header("Booking for schools")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(header("Getting here")).toHaveFocus();
    await user.keyboard("{End}");
    expect(header("Booking for schools")).toHaveFocus();
    // Moving focus never toggles anything.
    expect(screen.getAllByRole("button").map((button) => button.getAttribute("aria-expanded"))).toEqual(["false", "true", "false"]);
  });

  it("toggles the focused header with Enter and Space", async () => {
    const user = userEvent.setup();
    mountAccordion();
    header("Getting here").focus();
    await user.keyboard("{Enter}");
    expect(header("Getting here")).toHaveAttribute("aria-expanded", "true");
    await user.keyboard(" ");
    expect(header("Getting here")).toHaveAttribute("aria-expanded", "false");
  });

  it("moves the page's panel content and heading text into the widget, not copies", () => {
    const root = insertMarkup(renderMacro("accordion", "accordion", { id: "visit", items }), "accordion");
    const serverParagraph = root.querySelector("#visit-panel-2 p");
    const serverLink = root.querySelector("#visit-panel-2 a");
    const serverHeadingText = root.querySelector("#visit-heading-1")?.firstChild;
    mountWidget(root, parseAccordion, Accordion);
    expect(panelOf("Access").querySelector("p")).toBe(serverParagraph);
    expect(screen.getByRole("link", { name: "relaxed performances" })).toBe(serverLink);
    expect(header("Getting here").querySelector(".accordion__heading-text")?.firstChild).toBe(serverHeadingText);
  });

  it("keeps a disclosure nested in a panel working", async () => {
    const user = userEvent.setup();
    const nested = renderMacro("disclosure", "disclosure", {
      id: "captions",
      buttonText: "Which performances are captioned?",
      html: "<p>Every Thursday evening and Saturday matinee.</p>",
    });
    const root = insertMarkup(
      renderMacro("accordion", "accordion", { id: "visit", items: [{ heading: "Access", html: nested }] }),
      "accordion",
    );
    // The runtime mounts the inner widget too; here, before the outer one moves it.
    mountWidget(root.querySelector<HTMLElement>('[data-widget="disclosure"]')!, parseDisclosure, Disclosure);
    const disclosureButton = screen.getByRole("button", { name: "Which performances are captioned?" });
    mountWidget(root, parseAccordion, Accordion);

    await user.click(header("Access"));
    expect(panelOf("Access")).toContainElement(disclosureButton);
    await user.click(disclosureButton);
    expect(disclosureButton).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("Every Thursday evening and Saturday matinee.")).toBeVisible();
  });

  it("drops the region role when more than six panels can be open at once (APG landmark advice)", () => {
    const many = Array.from({ length: 7 }, (_, index) => ({ heading: `Week ${index + 1}`, text: "Rehearsal notes" }));
    mountAccordion({ items: many });
    expect(panelOf("Week 1")).not.toHaveAttribute("role");
    document.body.replaceChildren();
    mountAccordion({ items: many, singleOpen: true });
    expect(panelOf("Week 1")).toHaveAttribute("role", "region");
  });

  it("links headers and panels in hand-written markup that has no ids", async () => {
    const user = userEvent.setup();
    const root = insertMarkup(
      `<div data-widget="accordion">
        <div class="accordion__section"><h3>Running time</h3><div class="accordion__panel">2 hours 40 minutes, with one interval.</div></div>
      </div>`,
      "accordion",
    );
    mountWidget(root, parseAccordion, Accordion);
    await user.click(header("Running time"));
    const panel = screen.getByRole("region", { name: "Running time" });
    expect(panel).toHaveTextContent("2 hours 40 minutes");
    expect(header("Running time").getAttribute("aria-controls")).toBe(panel.id);
  });
});
