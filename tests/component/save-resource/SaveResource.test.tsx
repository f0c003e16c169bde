import { configure, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import SaveResource from "../../../widgets/save-resource/SaveResource";
import { parseSaveResource } from "../../../widgets/save-resource/parse";
import { insertMarkup, mountWidget, renderMacro, setCsrfMeta } from "../support/widget-harness";

// Generous waits: these run beside other suites on a small machine.
configure({ asyncUtilTimeout: 5000 });

interface Call {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

type Reply = { status: number; body?: unknown; contentType?: string } | "network-error";

/** A fetch that answers every call with `reply` and records the calls. */
function serverAnswering(reply: Reply): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ method: init.method ?? "GET", url, headers: new Headers(init.headers), body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (reply === "network-error") throw new TypeError("Failed to fetch");
    const text = reply.body === undefined ? "" : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status, headers: { "Content-Type": reply.contentType ?? "application/json" } });
  });
  return calls;
}

const TITLE = "Macbeth: freeze-frames";

/** The real macro's markup, mounted as the runtime mounts it. The signed-in flag is on <body>, as the layout puts it. */
function mountSave(options: { saved?: boolean; signedIn?: boolean; rootSignedIn?: string } = {}) {
  const signedIn = options.signedIn ?? true;
  document.body.setAttribute("data-signed-in", String(signedIn));
  const markup = renderMacro("save-resource", "saveResourceControl", {
    resourceId: 42,
    resourceType: "lesson-plan",
    title: TITLE,
    saved: options.saved ?? false,
    signedIn,
    returnPath: "/resources/?page=2",
    csrfToken: "token-1",
  });
  const root = insertMarkup(markup, "save-resource");
  if (options.rootSignedIn !== undefined) root.setAttribute("data-signed-in", options.rootSignedIn);
  return mountWidget(root, parseSaveResource, SaveResource).root;
}

// jsdom's name computation drops the space that leads the hidden span; browsers keep it (the e2e test checks that).
const button = () => screen.getByRole("button", { name: new RegExp(`^(Save|Saved) ?“${TITLE}”$`) });
const alertRegion = () => screen.getByRole("alert");

beforeEach(() => setCsrfMeta("token-1"));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.body.removeAttribute("data-signed-in");
});

describe("Save widget, signed out", () => {
  it("shows the exact message in the alert region and sends no request", async () => {
    const calls = serverAnswering({ status: 200, body: { success: true } });
    mountSave({ signedIn: false });
    expect(alertRegion().textContent).toBe("");
    await userEvent.click(button());
    expect(alertRegion()).toHaveTextContent(/^You must be logged in to save resources\. Sign in$/);
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/account/login/?next=%2Fresources%2F%3Fpage%3D2");
    expect(calls).toEqual([]);
    expect(button()).toHaveTextContent("Save");
    expect(button()).not.toHaveAttribute("aria-pressed");
  });

  it("lets a data-signed-in on the root override the page's flag", async () => {
    const calls = serverAnswering({ status: 200, body: { success: true } });
    mountSave({ signedIn: true, rootSignedIn: "false" });
    await userEvent.click(button());
    expect(alertRegion()).toHaveTextContent("You must be logged in to save resources.");
    expect(calls).toEqual([]);
  });
});

describe("Save widget, signed in", () => {
  it("sends the opposite of the flag as JSON with the CSRF and XMLHttpRequest headers", async () => {
    const calls = serverAnswering({ status: 200, body: { success: true } });
    mountSave({ saved: false });
    await userEvent.click(button());
    await waitFor(() => expect(calls).toHaveLength(1));
    const [call] = calls;
    expect(call!.method).toBe("POST");
    expect(call!.url).toBe("/account/save-resource/");
    expect(call!.body).toEqual({ resource_id: 42, resource_type: "lesson-plan", to_save: true });
    expect(call!.headers.get("Content-Type")).toBe("application/json");
    expect(call!.headers.get("X-CSRFToken")).toBe("token-1");
    expect(call!.headers.get("X-Requested-With")).toBe("XMLHttpRequest");
  });

  it("flips to Saved on success: label, aria-pressed, class and icon", async () => {
    serverAnswering({ status: 200, body: { success: true } });
    const root = mountSave({ saved: false });
    expect(button()).toHaveAttribute("aria-pressed", "false");
    expect(root.querySelector(".save-resource__icon-mark")).toBeNull();
    await userEvent.click(button());
    await waitFor(() => expect(button()).toHaveAttribute("aria-pressed", "true"));
    expect(root.querySelector(".save-resource__label")).toHaveTextContent(/^Saved$/);
    expect(root).toHaveClass("save-resource--saved");
    expect(root).toHaveAttribute("data-saved", "true");
    expect(root.querySelector(".save-resource__icon-mark")).not.toBeNull();
    expect(alertRegion().textContent).toBe("");
  });

  it("flips back to Save, sending to_save: false, when it was saved", async () => {
    const calls = serverAnswering({ status: 200, body: { success: true } });
    const root = mountSave({ saved: true });
    expect(root).toHaveClass("save-resource--saved");
    await userEvent.click(button());
    await waitFor(() => expect(button()).toHaveAttribute("aria-pressed", "false"));
    expect(calls[0]!.body).toMatchObject({ to_save: false });
    expect(root.querySelector(".save-resource__label")).toHaveTextContent(/^Save$/);
    expect(root).not.toHaveClass("save-resource--saved");
    expect(root.querySelector(".save-resource__icon-mark")).toBeNull();
  });

  it("marks the button busy while the call is under way and sends only one call for a double click", async () => {
    let answer: (response: Response) => void = () => {};
    const calls: unknown[] = [];
    vi.stubGlobal("fetch", (url: string) => {
      calls.push(url);
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    mountSave();
    await userEvent.dblClick(button());
    expect(button()).toHaveAttribute("aria-busy", "true");
    expect(button()).toHaveAttribute("aria-disabled", "true");
    answer(new Response(JSON.stringify({ success: true }), { status: 200, headers: { "Content-Type": "application/json" } }));
    await waitFor(() => expect(button()).not.toHaveAttribute("aria-busy"));
    expect(calls).toHaveLength(1);
    expect(button()).toHaveAttribute("aria-pressed", "true");
  });

  it.each<[string, Reply]>([
    ["a 500", { status: 500, body: { success: false, errors: { __all__: ["Sorry"] } } }],
    ["a 403", { status: 403, body: { success: false, errors: { csrf: ["expired"] } } }],
    ["success: false with a 200", { status: 200, body: { success: false } }],
    ["a 200 without success", { status: 200, body: { saved: true } }],
    ["an empty 200", { status: 200 }],
    ["a network error", "network-error"],
  ])("on %s: logs, shows the exact error and changes nothing", async (_case, reply) => {
    serverAnswering(reply);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const root = mountSave({ saved: false });
    await userEvent.click(button());
    await waitFor(() => expect(alertRegion()).toHaveTextContent(/^An error occurred while saving the resource\. Please try again\.$/));
    expect(logged).toHaveBeenCalled();
    expect(button()).toHaveAttribute("aria-pressed", "false");
    expect(root.querySelector(".save-resource__label")).toHaveTextContent(/^Save$/);
    expect(root).not.toHaveClass("save-resource--saved");
    expect(button()).not.toHaveAttribute("aria-busy");
  });

  it("clears an earlier error once a later try succeeds", async () => {
    serverAnswering({ status: 500 });
    vi.spyOn(console, "error").mockImplementation(() => {});
    mountSave();
    await userEvent.click(button());
    await waitFor(() => expect(alertRegion()).toHaveTextContent("An error occurred"));
    serverAnswering({ status: 200, body: { success: true } });
    await userEvent.click(button());
    await waitFor(() => expect(button()).toHaveAttribute("aria-pressed", "true"));
    expect(alertRegion().textContent).toBe("");
  });

  it("takes its labels and messages from data-i18n-* overrides", async () => {
    serverAnswering({ status: 200, body: { success: true } });
    document.body.setAttribute("data-signed-in", "true");
    const markup = renderMacro("save-resource", "saveResourceControl", {
      resourceId: 42, resourceType: "video", title: TITLE, saved: false, signedIn: true, returnPath: "/", csrfToken: "t",
    });
    const root = insertMarkup(markup, "save-resource");
    root.setAttribute("data-i18n-save", "Enregistrer");
    root.setAttribute("data-i18n-saved", "Enregistré");
    mountWidget(root, parseSaveResource, SaveResource);
    expect(root.querySelector(".save-resource__label")).toHaveTextContent("Enregistrer");
    await userEvent.click(screen.getByRole("button"));
    await waitFor(() => expect(root.querySelector(".save-resource__label")).toHaveTextContent("Enregistré"));
  });
});

describe("the server markup and the widget agree", () => {
  it.each([true, false])("keeps the classes and the accessible name (saved: %s)", (saved) => {
    document.body.setAttribute("data-signed-in", "true");
    const markup = renderMacro("save-resource", "saveResourceControl", {
      resourceId: 42, resourceType: "lesson-plan", title: TITLE, saved, signedIn: true, returnPath: "/", csrfToken: "t",
    });
    const serverRoot = insertMarkup(markup, "save-resource");
    const serverButton = serverRoot.querySelector("button")!;
    const serverShape = { pressed: serverButton.getAttribute("aria-pressed"), text: serverButton.textContent?.replace(/\s+/g, " ").trim() };
    const serverClasses = [...serverRoot.querySelectorAll("[class]")].map((element) => element.getAttribute("class")).sort();
    serverRoot.setAttribute("data-server", "");
    mountWidget(serverRoot, parseSaveResource, SaveResource);
    const widgetButton = serverRoot.querySelector("button")!;
    expect({ pressed: widgetButton.getAttribute("aria-pressed"), text: widgetButton.textContent?.replace(/\s+/g, " ").trim() }).toEqual(serverShape);
    const widgetClasses = [...serverRoot.querySelectorAll("[class]")].map((element) => element.getAttribute("class")).sort();
    expect(widgetClasses).toEqual(serverClasses);
    expect(serverRoot.classList.contains("save-resource--saved")).toBe(saved);
  });
});
