import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Disclosure from "../../../widgets/lib/Disclosure";
import { parseDisclosure } from "../../../widgets/disclosure/parse";
import ProfileDialog from "../../../widgets/profile-dialog/ProfileDialog";
import { modalOpenClass } from "../../../widgets/lib/page-scroll-lock";
import { parseProfileDialog } from "../../../widgets/profile-dialog/parse";
import { insertMarkup, mountWidget, renderMacro } from "../support/widget-harness";

const priya = {
  name: "Priya Raman",
  role: "Artistic Director",
  imageUrl: "/static/images/gallery/portrait-priya-raman.svg",
  href: "/people/priya-raman/",
  bioHtml: '<p>Priya joined in 2019. <a href="/whats-on/macbeth/">See her Macbeth</a>.</p>',
};

function mountCover(params: Record<string, unknown> = {}) {
  const root = insertMarkup(renderMacro("profile-cover", "profileCover", { ...priya, ...params }), "profile-dialog");
  return mountWidget(root, parseProfileDialog, ProfileDialog);
}

const coverLink = () => screen.getByRole("link", { name: /Priya Raman/ });

let scrollTo: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.spyOn(window, "scrollY", "get").mockReturnValue(1200);
  scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe("profile dialog", () => {
  it("keeps the cover a link to the profile page, with the page's portrait and name moved in", () => {
    const markup = renderMacro("profile-cover", "profileCover", priya);
    const root = insertMarkup(markup, "profile-dialog");
    const serverName = root.querySelector(".profile-cover__name");
    mountWidget(root, parseProfileDialog, ProfileDialog);
    expect(coverLink()).toHaveAttribute("href", "/people/priya-raman/");
    expect(coverLink()).toHaveAttribute("aria-haspopup", "dialog");
    expect(coverLink().querySelector(".profile-cover__name")).toBe(serverName);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens a modal dialog named by the person, with focus on Close and the page in its modal-open state", async () => {
    const user = userEvent.setup();
    const root = insertMarkup(renderMacro("profile-cover", "profileCover", priya), "profile-dialog");
    const bioLink = root.querySelector('.profile-cover__bio a[href="/whats-on/macbeth/"]');
    mountWidget(root, parseProfileDialog, ProfileDialog);
    await user.click(coverLink());
    const dialog = screen.getByRole("dialog", { name: "Priya Raman" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog.parentElement?.parentElement).toBe(document.body);
    await waitFor(() => expect(screen.getByRole("button", { name: "Close" })).toHaveFocus());
    expect(document.documentElement).toHaveClass(modalOpenClass);
    expect(document.body).toHaveClass(modalOpenClass);
    // The bio is the page's own markup, moved in.
    expect(screen.getByRole("link", { name: "See her Macbeth" })).toBe(bioLink);
    expect(screen.getByText("Artistic Director", { selector: ".profile-dialog__role" })).toBeVisible();
  });

  it("keeps Tab inside the dialog, both ways", async () => {
    const user = userEvent.setup();
    mountCover();
    await user.click(coverLink());
    const close = screen.getByRole("button", { name: "Close" });
    await waitFor(() => expect(close).toHaveFocus());
    await user.tab();
    expect(screen.getByRole("link", { name: "See her Macbeth" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("link", { name: "Read the full profile: Priya Raman" })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("link", { name: "Read the full profile: Priya Raman" })).toHaveFocus();
  });

  it("closes on Escape: focus goes back to the cover, the modal-open state goes and the scroll position comes back", async () => {
    const user = userEvent.setup();
    mountCover();
    await user.click(coverLink());
    await waitFor(() => expect(screen.getByRole("button", { name: "Close" })).toHaveFocus());
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(coverLink()).toHaveFocus());
    expect(document.documentElement).not.toHaveClass(modalOpenClass);
    expect(document.body).not.toHaveClass(modalOpenClass);
    expect(scrollTo).toHaveBeenCalledWith({ left: 0, top: 1200, behavior: "instant" });
  });

  it("closes with the Close button, and opens again", async () => {
    const user = userEvent.setup();
    mountCover();
    await user.click(coverLink());
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(coverLink()).toHaveFocus());
    await user.click(coverLink());
    expect(screen.getByRole("dialog", { name: "Priya Raman" })).toBeVisible();
  });

  it("leaves Ctrl+click to the browser (the profile page in a new tab)", () => {
    mountCover();
    expect(fireEvent.click(coverLink(), { ctrlKey: true })).toBe(true);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("takes its strings from data-i18n-* attributes", async () => {
    const user = userEvent.setup();
    mountCover({ i18n: { "close-label": "Back to the team", "full-profile-label": "All about" } });
    await user.click(coverLink());
    expect(screen.getByRole("button", { name: "Back to the team" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All about: Priya Raman" })).toBeInTheDocument();
  });

  it("keeps a widget inside the bio working", async () => {
    const user = userEvent.setup();
    const nested = renderMacro("disclosure", "disclosure", { id: "credits", buttonText: "Selected credits", html: "<p>Macbeth (2024), Our Country's Good (2022).</p>" });
    const root = insertMarkup(renderMacro("profile-cover", "profileCover", { ...priya, bioHtml: nested }), "profile-dialog");
    mountWidget(root.querySelector<HTMLElement>('[data-widget="disclosure"]')!, parseDisclosure, Disclosure);
    mountWidget(root, parseProfileDialog, ProfileDialog);
    await user.click(coverLink());
    await user.click(screen.getByRole("button", { name: "Selected credits" }));
    expect(screen.getByText("Macbeth (2024), Our Country's Good (2022).")).toBeVisible();
  });

  it("takes its dialog off the page when the widget unmounts", () => {
    const { result } = mountCover();
    expect(document.querySelectorAll(".profile-dialog")).toHaveLength(1);
    result.unmount();
    expect(document.querySelectorAll(".profile-dialog")).toHaveLength(0);
  });
});
