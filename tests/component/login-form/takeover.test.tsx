/**
 * The sign-in form taking over the server's inputs through the real runtime
 * (widgets/runtime), as teacher-note does (issue 23, item 5): a password
 * typed before the widget's code arrived, the caret and focus all survive
 * the mount, and signing in sends what was typed.
 */
import userEvent from "@testing-library/user-event";
import { waitFor } from "@testing-library/dom";
import { navigateTo } from "../../../widgets/lib/navigate";
import { loginFormWidget } from "../../../widgets/login-form/index";
import { startRuntime, stopRuntime } from "../../../widgets/runtime/index";
import { fakeServer } from "../support/fake-server";
import { insertMarkup, renderMacro, resetDocument, setCsrfMeta } from "../support/widget-harness";

vi.mock("../../../widgets/lib/navigate", () => ({ navigateTo: vi.fn() }));

const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString();

/** Starts the runtime with the form's chunk held back until `release()`, as a slow network would. */
function startWithHeldChunk() {
  const calls = fakeServer((_method, url) =>
    url === "/account/login/"
      ? { status: 200, body: { IsLoggedIn: true, affiliation_type: "individual", school_membership_data: { ExpirationDateTime: inAYear } } }
      : { status: 200, body: { success: true } },
  );
  const root = insertMarkup(renderMacro("login-form", "loginForm", { next: "/resources/", csrfToken: "token-1" }), "login-form");
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  startRuntime([{ ...loginFormWidget, load: () => held.then(() => import("../../../widgets/login-form/widget")) }]);
  const email = root.querySelector<HTMLInputElement>('input[name="email"]')!;
  const password = root.querySelector<HTMLInputElement>('input[name="password"]')!;
  const mounted = async () => {
    release();
    await waitFor(() => expect(root.getAttribute("data-widget-state")).toBe("mounted"), { timeout: 5000 });
  };
  return { root, email, password, calls, mounted };
}

beforeEach(() => {
  // The runtime renders outside act(), as it does in a browser (Testing Library turns act() on before all tests).
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  setCsrfMeta("token-1");
});

afterEach(() => {
  stopRuntime();
  resetDocument();
  vi.mocked(navigateTo).mockReset();
});

describe("login form: taking over the server's inputs", () => {
  it("keeps the same inputs, the typed password, its caret and its focus, and signs in with them", async () => {
    const user = userEvent.setup();
    const { root, email, password, calls, mounted } = startWithHeldChunk();
    await user.type(email, "member@example.org");
    await user.type(password, "Demo-pa");
    expect(root.getAttribute("data-widget-state")).not.toBe("mounted");

    await mounted();
    // Not copies: the server's own elements, now inside the widget's form.
    expect(root.querySelector('input[name="email"]')).toBe(email);
    expect(root.querySelector('input[name="password"]')).toBe(password);
    expect(password.closest("form")?.hasAttribute("novalidate")).toBe(true);
    expect(email).toHaveValue("member@example.org");
    expect(password).toHaveValue("Demo-pa");
    expect(password).toHaveFocus();
    expect([password.selectionStart, password.selectionEnd]).toEqual([7, 7]);

    // The next keystrokes land after the first; the show-password toggle works on the same input.
    await user.keyboard("ss-1!");
    expect(password).toHaveValue("Demo-pass-1!");
    await user.click(root.querySelector<HTMLButtonElement>(".login-form__toggle")!);
    expect(password).toHaveAttribute("type", "text");
    expect(root.querySelector(`label[for="${password.id}"]`)?.textContent).toBe("Password");

    await user.click(root.querySelector<HTMLButtonElement>('button[type="submit"]')!);
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith("/resources/"));
    expect(calls.find((call) => call.url === "/account/login/")?.body).toEqual({ email: "member@example.org", password: "Demo-pass-1!", next: "/resources/" });
  });

  it("puts the inputs back in the server markup, values and all, when unmounted", async () => {
    const user = userEvent.setup();
    const { root, password, mounted } = startWithHeldChunk();
    await mounted();
    await user.type(password, "typed");
    stopRuntime();
    const serverForm = root.querySelector("form.login-form__form");
    expect(serverForm?.hasAttribute("novalidate")).toBe(false);
    expect(serverForm?.contains(password)).toBe(true);
    expect(password).toHaveValue("typed");
  });
});
