import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import SiteHeader from "../../../widgets/site-header/SiteHeader";
import { parseSiteHeader } from "../../../widgets/site-header/parse";
import { insertMarkup, mountWidget, renderMacro } from "../support/widget-harness";

const site = {
  name: "Northlight Theatre & Learning",
  nav: [
    { label: "What’s on", href: "/events/" },
    { label: "Learning", href: "/learning/" },
    { label: "About us", href: "/about-us/" },
  ],
};

function mountHeader(params: Record<string, unknown> = {}) {
  const root = insertMarkup(renderMacro("site-header", "siteHeader", { site, currentPath: "/learning/", ...params }), "site-header");
  return mountWidget(root, parseSiteHeader, SiteHeader).root;
}

const toggle = () => screen.getByRole("button", { name: /Menu|Close/ });
const mainNav = () => screen.getByRole("navigation", { name: "Main" });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe("site header menu", () => {
  it("renders a collapsed Menu toggle that controls the main nav", () => {
    mountHeader();
    expect(toggle()).toHaveAccessibleName("Menu");
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    expect(toggle()).toHaveAttribute("aria-controls", "site-navigation");
    expect(mainNav()).toHaveAttribute("id", "site-navigation");
    expect(mainNav()).not.toHaveClass("is-open");
  });

  it("opens as Close and closes as Menu on each click", async () => {
    const user = userEvent.setup();
    mountHeader();
    await user.click(toggle());
    expect(toggle()).toHaveAccessibleName("Close");
    expect(toggle()).toHaveAttribute("aria-expanded", "true");
    expect(mainNav()).toHaveClass("site-header__nav", "is-open");
    await user.click(toggle());
    expect(toggle()).toHaveAccessibleName("Menu");
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    expect(mainNav()).not.toHaveClass("is-open");
  });

  it("moves the server's link list into the nav rather than copying it", () => {
    const root = insertMarkup(renderMacro("site-header", "siteHeader", { site, currentPath: "/" }), "site-header");
    const serverList = root.querySelector(".site-header__list");
    mountWidget(root, parseSiteHeader, SiteHeader);
    expect(mainNav().querySelector(".site-header__list")).toBe(serverList);
  });

  it("keeps aria-current on the link to the current page", () => {
    mountHeader();
    expect(screen.getByRole("link", { name: "Learning" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "About us" })).not.toHaveAttribute("aria-current");
  });

  it("keeps Tab and Shift+Tab inside the toggle and the open menu", async () => {
    const user = userEvent.setup();
    mountHeader();
    await user.click(toggle());
    expect(toggle()).toHaveFocus();

    await user.tab();
    expect(screen.getByRole("link", { name: "What’s on" })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole("link", { name: "About us" })).toHaveFocus();
    await user.tab();
    expect(toggle()).toHaveFocus(); // wrapped round, not out to the brand link or the page
    await user.tab({ shift: true });
    expect(screen.getByRole("link", { name: "About us" })).toHaveFocus();
  });

  it("lets focus leave once the menu is closed", async () => {
    const user = userEvent.setup();
    mountHeader();
    await user.click(toggle());
    await user.click(toggle());
    await user.tab({ shift: true });
    expect(screen.getByRole("link", { name: /Northlight/ })).toHaveFocus();
  });

  it("closes on Escape and returns focus to the toggle", async () => {
    const user = userEvent.setup();
    mountHeader();
    await user.click(toggle());
    await user.tab();
    expect(screen.getByRole("link", { name: "What’s on" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    expect(toggle()).toHaveAccessibleName("Menu");
    expect(toggle()).toHaveFocus();
  });

  it("closes 50 ms after the last window resize", () => {
    vi.useFakeTimers();
    mountHeader();
    fireEvent.click(toggle());
    expect(toggle()).toHaveAttribute("aria-expanded", "true");

    fireEvent(window, new Event("resize"));
    act(() => vi.advanceTimersByTime(30));
    fireEvent(window, new Event("resize")); // still resizing: the 50 ms start again
    act(() => vi.advanceTimersByTime(49));
    expect(toggle()).toHaveAttribute("aria-expanded", "true");
    act(() => vi.advanceTimersByTime(1));
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    expect(toggle()).toHaveAccessibleName("Menu");
  });

  it("ignores resizes while the menu is closed and after it unmounts", () => {
    vi.useFakeTimers();
    const { result } = mountWidget(
      insertMarkup(renderMacro("site-header", "siteHeader", { site, currentPath: "/" }), "site-header"),
      parseSiteHeader,
      SiteHeader,
    );
    fireEvent.click(toggle());
    fireEvent(window, new Event("resize"));
    result.unmount();
    expect(() => act(() => vi.advanceTimersByTime(100))).not.toThrow();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("closes when the user clicks outside the open menu", async () => {
    const user = userEvent.setup();
    mountHeader();
    await user.click(toggle());
    await user.click(document.body);
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
  });

  it("uses data-i18n-menu-label and data-i18n-close-label", async () => {
    const user = userEvent.setup();
    mountHeader({ i18n: { menuLabel: "Dewislen", closeLabel: "Cau" } });
    const button = screen.getByRole("button", { name: "Dewislen" });
    await user.click(button);
    expect(button).toHaveAccessibleName("Cau");
  });
});
