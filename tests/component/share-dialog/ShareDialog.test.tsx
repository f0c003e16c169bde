import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import ShareDialog from "../../../widgets/share-dialog/ShareDialog";
import { parseShareDialog } from "../../../widgets/share-dialog/parse";
import { fakeServer, type FakeReply } from "../support/fake-server";
import { shareParams } from "../../support/resource-tools-params";
import { insertMarkup, mountWidget, renderMacro, resetDocument, setCsrfMeta } from "../support/widget-harness";

configure({ asyncUtilTimeout: 5000 });

const STUDENT_LINK = "https://example.org/resources/shared/studentTOKEN123/";
const NEW_LINK = "https://example.org/resources/shared/newTeacherTOKEN/";

function mountShare(params: Record<string, unknown> = {}) {
  const markup = renderMacro("share-dialog", "shareDialog", { ...shareParams, ...params });
  return mountWidget(insertMarkup(markup, "share-dialog"), parseShareDialog, ShareDialog);
}

function serve(replies: { create?: FakeReply; revoke?: FakeReply } = {}) {
  return fakeServer((method, url) => {
    if (method === "POST" && url === "/resources/generate-shareable-link/") return replies.create ?? { status: 200, body: { link: NEW_LINK } };
    if (method === "POST" && /^\/resources\/shared\/[^/]+\/revoke\/$/.test(url)) return replies.revoke ?? { status: 200, body: { success: true } };
    return { status: 599 };
  });
}

const opener = () => screen.getByRole("button", { name: /^Share/ });
const dialog = () => screen.getByRole("dialog", { name: "Share this resource" });

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(opener());
  await waitFor(() => expect(screen.getByRole("radio", { name: "Students" })).toHaveFocus());
  return dialog();
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
}

beforeEach(() => {
  setCsrfMeta("token-1");
  vi.spyOn(window, "scrollTo").mockImplementation(() => {});
});

afterEach(resetDocument);

describe("share dialog", () => {
  it("replaces the share page's link with a button that opens a named modal dialog", async () => {
    const user = userEvent.setup();
    serve();
    mountShare();
    expect(screen.queryByRole("link", { name: /^Share/ })).toBeNull();
    expect(opener()).toHaveAttribute("aria-haspopup", "dialog");
    const shown = await openDialog(user);
    expect(shown).toHaveAttribute("aria-modal", "true");
    expect(within(shown).getByRole("group", { name: "Who is this link for?" })).toBeInTheDocument();
    expect(within(shown).getByRole("radio", { name: "Colleagues who are members" })).toHaveAccessibleDescription(/members and colleagues only/);
    expect(within(shown).getByRole("radio", { name: "Students" })).toHaveAccessibleDescription(/include your notes/);
  });

  it("shows a link the page already knows without a call", async () => {
    const user = userEvent.setup();
    const calls = serve();
    mountShare({ studentLink: STUDENT_LINK });
    await openDialog(user);
    const link = screen.getByRole("textbox", { name: "Link for students" });
    expect(link).toHaveValue(STUDENT_LINK);
    expect(link).toHaveAttribute("readonly");
    expect(screen.queryByRole("button", { name: "Create link" })).toBeNull();
    expect(calls).toEqual([]);
  });

  it("creates a link with a POST, then reuses it on the next opening", async () => {
    const user = userEvent.setup();
    const calls = serve();
    mountShare();
    await openDialog(user);
    await user.click(screen.getByRole("radio", { name: "Colleagues who are members" }));
    await user.click(screen.getByRole("button", { name: "Create link" }));
    const link = await screen.findByRole("textbox", { name: "Link for colleagues" });
    expect(link).toHaveValue(NEW_LINK);
    expect(link).toHaveFocus();
    expect(calls).toEqual([
      { method: "POST", url: "/resources/generate-shareable-link/", body: { type: "teacher", resource_id: 42, resource_type: "lesson-plan" } },
    ]);
    await user.keyboard("{Escape}");
    await openDialog(user);
    await user.click(screen.getByRole("radio", { name: "Colleagues who are members" }));
    expect(screen.getByRole("textbox", { name: "Link for colleagues" })).toHaveValue(NEW_LINK);
    expect(calls).toHaveLength(1);
  });

  it("logs a failed creation and tells the person", async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    serve({ create: { status: 500 } });
    mountShare();
    await openDialog(user);
    await user.click(screen.getByRole("button", { name: "Create link" }));
    await waitFor(() => expect(within(dialog()).getByRole("alert")).toHaveTextContent("The link could not be created. Please try again."));
    expect(logged).toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Create link" })).not.toHaveAttribute("aria-busy");
  });

  it("marks Create link busy while the call runs and sends one call for a double click", async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    const calls: unknown[] = [];
    vi.stubGlobal("fetch", (url: string) => {
      calls.push(url);
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    mountShare();
    await openDialog(user);
    await user.dblClick(screen.getByRole("button", { name: "Create link" }));
    expect(screen.getByRole("button", { name: "Create link" })).toHaveAttribute("aria-busy", "true");
    answer(new Response(JSON.stringify({ link: NEW_LINK }), { status: 200, headers: { "Content-Type": "application/json" } }));
    await screen.findByRole("textbox", { name: "Link for students" });
    expect(calls).toHaveLength(1);
  });

  it("copies the link and says so", async () => {
    const user = userEvent.setup();
    serve();
    const writeText = vi.fn(async () => {});
    mountShare({ studentLink: STUDENT_LINK });
    await openDialog(user);
    stubClipboard(writeText);
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(within(dialog()).getByRole("status")).toHaveTextContent(/^Link copied to clipboard!$/));
    expect(writeText).toHaveBeenCalledWith(STUDENT_LINK);
  });

  it("says when copying fails", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, "error").mockImplementation(() => {});
    serve();
    mountShare({ studentLink: STUDENT_LINK });
    await openDialog(user);
    stubClipboard(async () => {
      throw new DOMException("Denied", "NotAllowedError");
    });
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(within(dialog()).getByRole("alert")).toHaveTextContent(/^Failed to copy link\. Please try again\.$/));
  });

  it("revokes the link with the token, going back to Create link", async () => {
    const user = userEvent.setup();
    const calls = serve();
    mountShare({ studentLink: STUDENT_LINK });
    await openDialog(user);
    await user.click(screen.getByRole("button", { name: "Revoke link" }));
    expect(calls).toEqual([]);
    expect(screen.getByRole("group", { name: /^Revoke this link\?/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Keep link" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Yes, revoke link" }));
    const create = await screen.findByRole("button", { name: "Create link" });
    expect(calls).toEqual([{ method: "POST", url: "/resources/shared/studentTOKEN123/revoke/", body: undefined }]);
    expect(within(dialog()).getByRole("status")).toHaveTextContent(
      "Link revoked. Anyone who opens it now sees a page saying it no longer works.",
    );
    expect(create).toHaveFocus();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("keeps the link when Keep link is chosen, with focus back on Revoke link", async () => {
    const user = userEvent.setup();
    const calls = serve();
    mountShare({ studentLink: STUDENT_LINK });
    await openDialog(user);
    await user.click(screen.getByRole("button", { name: "Revoke link" }));
    await user.click(screen.getByRole("button", { name: "Keep link" }));
    expect(calls).toEqual([]);
    expect(screen.getByRole("button", { name: "Revoke link" })).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "Link for students" })).toHaveValue(STUDENT_LINK);
  });

  it("uses the page's token for revoke when it gives one", async () => {
    const user = userEvent.setup();
    const calls = serve();
    mountShare({ studentLink: STUDENT_LINK, studentToken: "pageToken" });
    await openDialog(user);
    await user.click(screen.getByRole("button", { name: "Revoke link" }));
    await user.click(screen.getByRole("button", { name: "Yes, revoke link" }));
    await screen.findByRole("button", { name: "Create link" });
    expect(calls[0]!.url).toBe("/resources/shared/pageToken/revoke/");
  });

  it("keeps Tab inside the dialog", async () => {
    const user = userEvent.setup();
    serve();
    mountShare({ studentLink: STUDENT_LINK });
    await openDialog(user);
    const close = screen.getByRole("button", { name: "Close" });
    for (let step = 0; step < 8; step += 1) {
      await user.tab();
      expect(dialog()).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog()).toContainElement(document.activeElement as HTMLElement);
    close.focus();
    await user.tab({ shift: true });
    expect(dialog()).toContainElement(document.activeElement as HTMLElement);
  });

  it.each(["Escape", "Close"])("closes on %s and returns focus to the Share button", async (how) => {
    const user = userEvent.setup();
    serve();
    mountShare();
    await openDialog(user);
    if (how === "Escape") await user.keyboard("{Escape}");
    else await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(opener()).toHaveFocus());
  });
});
