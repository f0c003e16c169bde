import { configure, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import LoginForm from "../../../widgets/login-form/LoginForm";
import { navigateTo } from "../../../widgets/lib/navigate";
import { parseLoginForm } from "../../../widgets/login-form/parse";
import { insertMarkup, mountWidget, renderMacro, setCsrfMeta } from "../support/widget-harness";

vi.mock("../../../widgets/lib/navigate", () => ({ navigateTo: vi.fn() }));

// Generous waits: these run beside other suites on a small machine.
configure({ asyncUtilTimeout: 5000 });

interface Call {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

type Reply = { status: number; body?: unknown } | "network-error";

/** A fetch that answers the session call and the login call as told, and records both. */
function serverAnswering(replies: { session?: Reply; login?: Reply }): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ method: init.method ?? "GET", url, headers: new Headers(init.headers), body: init.body ? JSON.parse(String(init.body)) : undefined });
    const reply = (url.endsWith("/account/session/") ? replies.session : replies.login) ?? { status: 200, body: { success: true } };
    if (reply === "network-error") throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(reply.body ?? {}), { status: reply.status, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}

const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString();
const lastMonth = new Date(Date.now() - 30 * 86_400_000).toISOString();

function mountLoginForm(params: Record<string, unknown> = {}) {
  const markup = renderMacro("login-form", "loginForm", { next: "/resources/?page=2", csrfToken: "token-1", ...params });
  return mountWidget(insertMarkup(markup, "login-form"), parseLoginForm, LoginForm).root;
}

const emailField = () => screen.getByLabelText("Email address");
const passwordField = () => screen.getByLabelText("Password");
const signIn = () => screen.getByRole("button", { name: "Sign in" });
const alertText = () => screen.getByRole("alert").textContent;

beforeEach(() => setCsrfMeta("token-1"));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(navigateTo).mockReset();
  document.head.replaceChildren();
  document.body.replaceChildren();
});

describe("login form", () => {
  it("creates the session on load, with the CSRF token", async () => {
    const calls = serverAnswering({});
    mountLoginForm();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: "POST", url: "/account/session/" });
    expect(calls[0]!.headers.get("X-CSRFToken")).toBe("token-1");
  });

  it("says 'Session creation failed. Please try again.' when the session call is not ok", async () => {
    serverAnswering({ session: { status: 500 } });
    mountLoginForm();
    await waitFor(() => expect(alertText()).toBe("Session creation failed. Please try again."));
  });

  it("says 'An error occurred while logging in. Please try again.' when the session call cannot be made, and does not try to sign in", async () => {
    const user = userEvent.setup();
    const calls = serverAnswering({ session: "network-error" });
    mountLoginForm();
    await waitFor(() => expect(alertText()).toBe("An error occurred while logging in. Please try again."));
    await user.type(emailField(), "member@example.org");
    await user.type(passwordField(), "Demo-pass-1!");
    await user.click(signIn());
    expect(alertText()).toBe("An error occurred while logging in. Please try again.");
    expect(calls.filter((call) => call.url.endsWith("/account/login/"))).toEqual([]);
  });

  it("says 'Please enter email and password' when either is empty, without a request", async () => {
    const user = userEvent.setup();
    const calls = serverAnswering({});
    mountLoginForm();
    await user.type(emailField(), "member@example.org");
    await user.click(signIn());
    expect(alertText()).toBe("Please enter email and password");
    expect(calls.map((call) => call.url)).toEqual(["/account/session/"]);
  });

  it("leaves an invalid email to the browser's own check, without a request", async () => {
    const user = userEvent.setup();
    const calls = serverAnswering({});
    mountLoginForm();
    await user.type(emailField(), "not-an-email");
    await user.type(passwordField(), "Demo-pass-1!");
    await user.click(signIn());
    expect(emailField()).toBeInvalid();
    expect(calls.map((call) => call.url)).toEqual(["/account/session/"]);
  });

  it("signs in with email, password and next, then goes to next when the membership is valid", async () => {
    const user = userEvent.setup();
    const calls = serverAnswering({
      login: { status: 200, body: { IsLoggedIn: true, affiliation_type: "individual", school_membership_data: { ExpirationDateTime: inAYear } } },
    });
    mountLoginForm();
    await user.type(emailField(), "member@example.org");
    await user.type(passwordField(), "Demo-pass-1!");
    await user.click(signIn());
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith("/resources/?page=2"));
    const login = calls.find((call) => call.url.endsWith("/account/login/"))!;
    expect(login.body).toEqual({ email: "member@example.org", password: "Demo-pass-1!", next: "/resources/?page=2" });
    expect(login.headers.get("X-CSRFToken")).toBe("token-1");
  });

  it("sends an expired membership to link a school, keeping next", async () => {
    const user = userEvent.setup();
    serverAnswering({
      login: { status: 200, body: { IsLoggedIn: true, affiliation_type: "individual", school_membership_data: { ExpirationDateTime: lastMonth } } },
    });
    mountLoginForm();
    await user.type(emailField(), "lapsed@example.org");
    await user.type(passwordField(), "Demo-pass-1!{Enter}");
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith("/account/register/?link-school=true&next=%2Fresources%2F%3Fpage%3D2"));
  });

  it.each([
    ["a refusal", { status: 401, body: { success: false, IsLoggedIn: false, errors: { __all__: ["Login failed. Please check your credentials and try again."] } } }],
    ["IsLoggedIn false", { status: 200, body: { IsLoggedIn: false } }],
  ])("says 'Login failed…' on %s, and keeps the email", async (_case, login) => {
    const user = userEvent.setup();
    serverAnswering({ login });
    mountLoginForm();
    await user.type(emailField(), "member@example.org");
    await user.type(passwordField(), "Wrong-pass-1!{Enter}");
    await waitFor(() => expect(alertText()).toBe("Login failed. Please check your credentials and try again."));
    expect(emailField()).toHaveValue("member@example.org");
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it("shows the server's advice during a lockout (429)", async () => {
    const user = userEvent.setup();
    const advice = "Too many failed sign-in attempts. Wait 15 minutes and try again, or reset your password.";
    serverAnswering({ login: { status: 429, body: { success: false, errors: { __all__: [advice] } } } });
    mountLoginForm();
    await user.type(emailField(), "member@example.org");
    await user.type(passwordField(), "Wrong-pass-1!{Enter}");
    await waitFor(() => expect(alertText()).toBe(advice));
  });

  it("offers an emailed sign-in link when the server says sign-in is throttled, and shows its answer", async () => {
    const user = userEvent.setup();
    const advice = "Too many failed sign-in attempts. Wait 15 minutes and try again, or reset your password.";
    const sent = "If there is an account for that email address, we have sent it a sign-in link. The link works once, for 15 minutes.";
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const [status, body] = url.endsWith("/account/login/")
        ? [429, { success: false, errors: { __all__: [advice] }, sign_in_link: true }]
        : url.endsWith("/account/login/email-link/")
          ? [200, { success: true, message: sent }]
          : [200, { success: true }];
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    });
    mountLoginForm();
    expect(screen.queryByRole("button", { name: "Email me a sign-in link" })).toBeNull();
    await user.type(emailField(), "member@example.org");
    await user.type(passwordField(), "Right-pass-1!{Enter}");
    await waitFor(() => expect(alertText()).toBe(advice));
    await user.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(sent));
    expect(calls.at(-1)).toEqual({ url: "/account/login/email-link/", body: { email: "member@example.org" } });
    expect(screen.queryByRole("button", { name: "Email me a sign-in link" })).toBeNull();
  });

  it("says 'An error occurred while logging in. Please try again.' when the login call cannot be made", async () => {
    const user = userEvent.setup();
    serverAnswering({ login: "network-error" });
    mountLoginForm();
    await user.type(emailField(), "member@example.org");
    await user.type(passwordField(), "Demo-pass-1!{Enter}");
    await waitFor(() => expect(alertText()).toBe("An error occurred while logging in. Please try again."));
  });

  it("shows and hides the password with a toggle button", async () => {
    const user = userEvent.setup();
    serverAnswering({});
    mountLoginForm();
    const toggle = screen.getByRole("button", { name: "Show password" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    expect(passwordField()).toHaveAttribute("type", "password");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(passwordField()).toHaveAttribute("type", "text");
    await user.keyboard(" ");
    expect(passwordField()).toHaveAttribute("type", "password");
  });

  it("keeps the server's message and email from a failed no-JavaScript attempt", () => {
    serverAnswering({});
    mountLoginForm({ email: "member@example.org", error: "Login failed. Please check your credentials and try again." });
    expect(alertText()).toBe("Login failed. Please check your credentials and try again.");
    expect(emailField()).toHaveValue("member@example.org");
  });

  it("renders the server markup's classes and links", () => {
    serverAnswering({});
    const root = mountLoginForm();
    expect(root.querySelector("form.login-form__form")).not.toBeNull();
    expect(screen.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/account/forgot-password/");
    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/account/register/?next=%2Fresources%2F%3Fpage%3D2");
  });
});
