import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import AccountTabs from "../../../widgets/account-tabs/AccountTabs";
import { parseAccountTabs } from "../../../widgets/account-tabs/parse";
import { renderTemplate } from "../account-form/render-template";
import { insertMarkup, mountWidget } from "../support/widget-harness";

const tabs = [
  { id: "profile", label: "Profile" },
  { id: "contact", label: "Contact us" },
  { id: "saved-resources", label: "Saved resources" },
  { id: "school", label: "School" },
];

function mountTabs(initialTab?: string) {
  const markup = renderTemplate(
    `{% from "macros/account-tabs.njk" import accountTabs, accountTabPanel %}
    {% call accountTabs({ id: "account-sections", label: "My account sections", tabs: tabs, initialTab: initialTab }) %}
      {% for tab in tabs %}
        {% call accountTabPanel(tab) %}<p>The {{ tab.label }} section.</p><input id="{{ tab.id }}-field" aria-label="{{ tab.label }} field">{% endcall %}
      {% endfor %}
    {% endcall %}`,
    { tabs, initialTab },
  );
  return mountWidget(insertMarkup(markup, "account-tabs"), parseAccountTabs, AccountTabs).root;
}

const tab = (name: string) => screen.getByRole("tab", { name });
const selectedTabs = () => screen.getAllByRole("tab").filter((element) => element.getAttribute("aria-selected") === "true");
const visiblePanel = () => screen.getByRole("tabpanel");

function setHash(hash: string): void {
  window.history.replaceState(null, "", `${window.location.pathname}${hash}`);
}

beforeEach(() => setHash(""));
afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe("account tabs", () => {
  it("turns the sections into a named tab list with one tab per section, the first selected", () => {
    const root = mountTabs();
    expect(screen.getByRole("tablist", { name: "My account sections" })).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((element) => element.textContent)).toEqual(["Profile", "Contact us", "Saved resources", "School"]);
    expect(selectedTabs()).toEqual([tab("Profile")]);
    expect(tab("Profile")).toHaveAttribute("aria-controls", "profile");
    expect(tab("Profile")).toHaveAttribute("tabindex", "0");
    expect(tab("Contact us")).toHaveAttribute("tabindex", "-1");
    expect(visiblePanel()).toHaveAttribute("id", "profile");
    expect(visiblePanel()).toHaveAccessibleName("Profile");
    expect(visiblePanel()).toHaveAttribute("tabindex", "0");
    expect(visiblePanel()).toHaveTextContent("The Profile section.");
    expect(root.querySelector("#contact")).not.toBeVisible();
    // The contents list gave way to the tabs.
    expect(root.querySelector(".account-tabs__contents")).toBeNull();
  });

  it("keeps each section's heading, and moves its content rather than copying it", () => {
    const markup = insertMarkup(
      renderTemplate(
        `{% from "macros/account-tabs.njk" import accountTabs, accountTabPanel %}
        {% call accountTabs({ id: "s", tabs: [{ id: "a", label: "A" }] }) %}{% call accountTabPanel({ id: "a", label: "A" }) %}<p id="moved">Text</p>{% endcall %}{% endcall %}`,
      ),
      "account-tabs",
    );
    const paragraph = markup.querySelector("#moved");
    mountWidget(markup, parseAccountTabs, AccountTabs);
    expect(document.querySelector("#moved")).toBe(paragraph);
    expect(screen.getByRole("heading", { level: 2, name: "A" })).toBeInTheDocument();
  });

  it("opens the tab the address's #hash names", () => {
    setHash("#contact");
    mountTabs();
    expect(selectedTabs()).toEqual([tab("Contact us")]);
    expect(visiblePanel()).toHaveAttribute("id", "contact");
  });

  it("opens the tab holding the element the #hash names", () => {
    setHash("#school-field");
    mountTabs();
    expect(selectedTabs()).toEqual([tab("School")]);
  });

  it("falls back to data-initial-tab, then the first tab, when the hash names nothing", () => {
    setHash("#elsewhere");
    mountTabs("saved-resources");
    expect(selectedTabs()).toEqual([tab("Saved resources")]);
    document.body.replaceChildren();
    mountTabs("no-such-tab");
    expect(selectedTabs()).toEqual([tab("Profile")]);
  });

  it("selects a clicked tab and REPLACES the hash, adding no history entry", async () => {
    const user = userEvent.setup();
    const pushState = vi.spyOn(window.history, "pushState");
    const replaceState = vi.spyOn(window.history, "replaceState");
    mountTabs();
    const historyLength = window.history.length;
    await user.click(tab("School"));
    expect(selectedTabs()).toEqual([tab("School")]);
    expect(visiblePanel()).toHaveAttribute("id", "school");
    expect(window.location.hash).toBe("#school");
    expect(replaceState).toHaveBeenCalledTimes(1);
    expect(pushState).not.toHaveBeenCalled();
    expect(window.history.length).toBe(historyLength);
  });

  it("moves with the arrow keys (wrapping), Home and End, selecting as focus moves", async () => {
    const user = userEvent.setup();
    mountTabs();
    tab("Profile").focus();
    await user.keyboard("{ArrowRight}");
    expect(tab("Contact us")).toHaveFocus();
    expect(selectedTabs()).toEqual([tab("Contact us")]);
    expect(window.location.hash).toBe("#contact");
    await user.keyboard("{End}");
    expect(tab("School")).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(tab("Profile")).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(tab("School")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(tab("Profile")).toHaveFocus();
    expect(selectedTabs()).toEqual([tab("Profile")]);
  });

  it("Tab leaves the tab list for the panel (only the selected tab is a tab stop)", async () => {
    const user = userEvent.setup();
    mountTabs();
    tab("Profile").focus();
    await user.tab();
    expect(visiblePanel()).toHaveFocus();
  });

  it("follows the hash when it changes, e.g. a link elsewhere on the page", () => {
    mountTabs();
    setHash("#saved-resources");
    fireEvent(window, new HashChangeEvent("hashchange"));
    expect(selectedTabs()).toEqual([tab("Saved resources")]);
    setHash("#unknown");
    fireEvent(window, new HashChangeEvent("hashchange"));
    expect(selectedTabs()).toEqual([tab("Saved resources")]);
  });
});
