import { configure, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import TeacherNote from "../../../widgets/teacher-note/TeacherNote";
import { parseTeacherNote } from "../../../widgets/teacher-note/parse";
import { fakeServer, type FakeReply } from "../support/fake-server";
import { noteParams } from "../../support/resource-tools-params";
import { insertMarkup, mountWidget, renderMacro, resetDocument, setCsrfMeta } from "../support/widget-harness";

// Generous waits: these run beside other suites on a small machine.
configure({ asyncUtilTimeout: 5000 });

const DRAFT_KEY = "teacher-note:17:7";
const TITLE = noteParams.activityTitle;

interface Server {
  fetch?: FakeReply;
  save?: FakeReply;
  remove?: FakeReply;
}

function serve(replies: Server) {
  return fakeServer((method, url) => {
    if (method === "GET" && url === "/resources/notes/7/") return replies.fetch ?? { status: 200, body: { content: "" } };
    if (method === "POST" && url === "/resources/notes/7/save/") return replies.save ?? { status: 500 };
    if (method === "DELETE" && url === "/resources/notes/7/delete/") return replies.remove ?? { status: 500 };
    return { status: 599 };
  });
}

function mountNote(params: Record<string, unknown> = {}) {
  const markup = renderMacro("teacher-note", "teacherNote", { ...noteParams, ...params });
  return mountWidget(insertMarkup(markup, "teacher-note"), parseTeacherNote, TeacherNote);
}

const field = () => screen.getByRole("textbox", { name: `Your notes on “${TITLE}”` });
const saveButton = () => screen.getByRole("button", { name: /^Save note/ });
const statusRegion = () => screen.getByRole("status");
const alertRegion = () => screen.getByRole("alert");
const storedDraft = () => {
  const raw = window.localStorage.getItem(DRAFT_KEY);
  return raw === null ? null : (JSON.parse(raw) as { content: string; savedAt: string }).content;
};

/** Waits until the connect-time fetch has been answered and applied. */
async function connected(calls: { method: string }[]) {
  await waitFor(() => expect(calls.some((call) => call.method === "GET")).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeEach(() => {
  setCsrfMeta("token-1");
  window.localStorage.clear();
});

afterEach(() => {
  resetDocument();
  window.localStorage.clear();
});

describe("teacher note: loading", () => {
  it("shows the fetched note as the field's text", async () => {
    serve({ fetch: { status: 200, body: { content: "Pair the <b>quiet</b> ones." } } });
    mountNote();
    await waitFor(() => expect(field()).toHaveValue("Pair the <b>quiet</b> ones."));
    // Text, never markup.
    expect(document.querySelector("b")).toBeNull();
    expect(screen.getByRole("button", { name: /^Delete note/ })).toBeInTheDocument();
    expect(screen.getByText("27 / 10,000")).toBeInTheDocument();
  });

  it("reads an empty answer as no note: empty field, no Delete, nothing logged", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const calls = serve({ fetch: { status: 200, body: { content: "" } } });
    mountNote({ content: "" });
    await connected(calls);
    expect(field()).toHaveValue("");
    expect(screen.queryByRole("button", { name: /^Delete note/ })).toBeNull();
    expect(logged).not.toHaveBeenCalled();
  });

  it("logs another failure and keeps what the server rendered", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    serve({ fetch: { status: 500 } });
    mountNote({ content: "Server text" });
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(field()).toHaveValue("Server text");
    expect(alertRegion().textContent).toBe("");
  });

  it("ties the character count to the field", async () => {
    serve({});
    mountNote();
    const count = screen.getByText("0 / 10,000");
    expect(field().getAttribute("aria-describedby")?.split(" ")).toContain(count.id);
  });
});

describe("teacher note: drafts", () => {
  it("keeps a draft as the person types and offers it back after a remount", async () => {
    const user = userEvent.setup();
    const calls = serve({ fetch: { status: 200, body: { content: "Saved text" } } });
    const first = mountNote({ content: "Saved text" });
    await connected(calls);
    await user.clear(field());
    await user.type(field(), "Unsaved idea");
    await waitFor(() => expect(storedDraft()).toBe("Unsaved idea"));

    first.result.unmount();
    document.body.replaceChildren();
    mountNote({ content: "Saved text" });
    await waitFor(() => expect(screen.getByText(/^You have an unsaved draft from .+\.$/)).toBeInTheDocument());
    expect(field()).toHaveValue("Saved text");
    await user.click(screen.getByRole("button", { name: "Restore draft" }));
    expect(field()).toHaveValue("Unsaved idea");
    expect(field()).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Restore draft" })).toBeNull();
  });

  it("discards an offered draft from the device", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify({ content: "Old draft", savedAt: "2026-03-01T10:00:00Z" }));
    serve({ fetch: { status: 200, body: { content: "Saved text" } } });
    mountNote({ content: "Saved text" });
    await user.click(await screen.findByRole("button", { name: "Discard draft" }));
    expect(storedDraft()).toBeNull();
    expect(field()).toHaveValue("Saved text");
  });

  it("does not offer a draft equal to the saved note, and forgets it", async () => {
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify({ content: "Same", savedAt: "2026-03-01T10:00:00Z" }));
    const calls = serve({ fetch: { status: 200, body: { content: "Same" } } });
    mountNote({ content: "Same" });
    await connected(calls);
    await waitFor(() => expect(storedDraft()).toBeNull());
    expect(screen.queryByRole("button", { name: "Restore draft" })).toBeNull();
  });

  it("keys the draft by person: another person's draft is not offered", async () => {
    window.localStorage.setItem("teacher-note:99:7", JSON.stringify({ content: "Theirs", savedAt: "2026-03-01T10:00:00Z" }));
    const calls = serve({});
    mountNote();
    await connected(calls);
    expect(screen.queryByRole("button", { name: "Restore draft" })).toBeNull();
  });
});

describe("teacher note: saving", () => {
  it("posts {content} as JSON, says Saved with the time and forgets the draft", async () => {
    const user = userEvent.setup();
    const calls = serve({ save: { status: 200, body: { success: true, content: "New note", updated_at: "2026-03-01T14:05:00Z" } } });
    mountNote();
    await connected(calls);
    await user.type(field(), "New note");
    await waitFor(() => expect(storedDraft()).toBe("New note"));
    await user.click(saveButton());
    await waitFor(() => expect(statusRegion()).toHaveTextContent(/^Saved at .+\.$/));
    expect(calls.find((call) => call.method === "POST")).toMatchObject({ url: "/resources/notes/7/save/", body: { content: "New note" } });
    expect(storedDraft()).toBeNull();
    expect(screen.getByRole("button", { name: /^Delete note/ })).toBeInTheDocument();
  });

  it("after a failed save keeps the draft and says so", async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const calls = serve({ save: "network-error" });
    mountNote();
    await connected(calls);
    await user.type(field(), "Precious words");
    await user.click(saveButton());
    await waitFor(() =>
      expect(alertRegion()).toHaveTextContent(/^Your note could not be saved\. Your text is kept on this device; try again\.$/),
    );
    expect(logged).toHaveBeenCalled();
    expect(storedDraft()).toBe("Precious words");
    expect(field()).toHaveValue("Precious words");
  });

  it.each([
    ["blank", "   \n  ", "Note content cannot be empty."],
    ["10,001 characters", "x".repeat(10_001), "Notes can be at most 10,000 characters. Shorten this note and save again."],
  ])("refuses a %s note without a request, linking the error and focusing the field", async (_case, text, message) => {
    const user = userEvent.setup();
    const calls = serve({});
    mountNote();
    await connected(calls);
    await user.click(field());
    await user.paste(text);
    await user.click(saveButton());
    const error = screen.getByText(message);
    expect(field()).toHaveAttribute("aria-invalid", "true");
    expect(field().getAttribute("aria-describedby")?.split(" ")).toContain(error.closest("p")!.id);
    expect(field()).toHaveFocus();
    expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
  });

  it("accepts exactly 10,000 characters, counting CRLF as one", async () => {
    const user = userEvent.setup();
    const calls = serve({ save: { status: 200, body: { success: true } } });
    mountNote();
    await connected(calls);
    await user.click(field());
    await user.paste("x".repeat(9_998) + "\r\ny");
    await user.click(saveButton());
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect((calls.find((call) => call.method === "POST")!.body as { content: string }).content).toHaveLength(10_000);
  });

  it("shows the server's field message after a 400", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const calls = serve({ save: { status: 400, body: { success: false, errors: { content: ["Note content cannot be empty."] } } } });
    mountNote();
    await connected(calls);
    await user.type(field(), "x");
    await user.click(saveButton());
    await waitFor(() => expect(screen.getByText("Note content cannot be empty.")).toBeInTheDocument());
    expect(field()).toHaveAttribute("aria-invalid", "true");
  });
});

describe("teacher note: deleting", () => {
  it("sends DELETE, empties the field, says Note deleted. and forgets the draft", async () => {
    const user = userEvent.setup();
    const calls = serve({ fetch: { status: 200, body: { content: "Old" } }, remove: { status: 200, body: { success: true } } });
    mountNote({ content: "Old" });
    await connected(calls);
    await user.type(field(), " more");
    await waitFor(() => expect(storedDraft()).toBe("Old more"));
    await user.click(screen.getByRole("button", { name: /^Delete note/ }));
    await user.click(screen.getByRole("button", { name: /^Yes, delete note/ }));
    await waitFor(() => expect(statusRegion()).toHaveTextContent(/^Note deleted\.$/));
    expect(calls.some((call) => call.method === "DELETE" && call.url === "/resources/notes/7/delete/")).toBe(true);
    expect(field()).toHaveValue("");
    expect(field()).toHaveFocus();
    expect(storedDraft()).toBeNull();
    expect(screen.queryByRole("button", { name: /^Delete note/ })).toBeNull();
  });

  it("asks first: the question labels a group, focus starts on Keep note, and Keep note or Escape deletes nothing", async () => {
    const user = userEvent.setup();
    const calls = serve({ fetch: { status: 200, body: { content: "Old" } }, remove: { status: 200, body: { success: true } } });
    mountNote({ content: "Old" });
    await connected(calls);
    await user.click(screen.getByRole("button", { name: /^Delete note/ }));
    expect(screen.getByRole("group", { name: "Delete this note? This cannot be undone." })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Keep note" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: /^Delete note/ })).toHaveFocus();
    await user.keyboard("{Enter}");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("group", { name: /^Delete this note/ })).toBeNull();
    expect(screen.getByRole("button", { name: /^Delete note/ })).toHaveFocus();
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    expect(field()).toHaveValue("Old");
  });

  it("tells the page when the note starts or stops existing (teacher-note:change), for the tools panel's count", async () => {
    const user = userEvent.setup();
    const calls = serve({
      fetch: { status: 200, body: { content: "" } },
      save: { status: 200, body: { success: true, content: "New", updated_at: "2025-01-01T10:00:00Z" } },
      remove: { status: 200, body: { success: true } },
    });
    const seen: unknown[] = [];
    const listen = (event: Event) => seen.push((event as CustomEvent).detail);
    document.addEventListener("teacher-note:change", listen);
    try {
      mountNote({ content: "" });
      await connected(calls);
      await user.type(field(), "New");
      await user.click(saveButton());
      await waitFor(() => expect(seen).toEqual([{ activityId: "7", hasNote: true }]));
      // A second save of the same note changes nothing in the count.
      await user.click(saveButton());
      await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(2));
      await user.click(screen.getByRole("button", { name: /^Delete note/ }));
      await user.click(screen.getByRole("button", { name: /^Yes, delete note/ }));
      await waitFor(() => expect(seen).toEqual([{ activityId: "7", hasNote: true }, { activityId: "7", hasNote: false }]));
    } finally {
      document.removeEventListener("teacher-note:change", listen);
    }
  });
});
