import { configure, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { navigateTo } from "../../../widgets/lib/navigate";
import { parseRegisterWizard } from "../../../widgets/register-wizard/parse";
import RegisterWizard from "../../../widgets/register-wizard/RegisterWizard";
import { insertMarkup, mountWidget } from "../support/widget-harness";

vi.mock("../../../widgets/lib/navigate", () => ({ navigateTo: vi.fn() }));

configure({ asyncUtilTimeout: 5000 });

interface Call {
  method: string;
  url: string;
  body: unknown;
}

type Reply = { status: number; body?: unknown } | "network-error";

function serverAnswering(replies: { lookup?: Reply; register?: Reply }): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const reply = (url.startsWith("/account/lookup/") ? replies.lookup : replies.register) ?? { status: 500 };
    if (reply === "network-error") throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(reply.body ?? {}), { status: reply.status, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}

/** The wizard root as the register page renders it (server screens inside are replaced on mount). */
function mountWizard(attributes = 'data-next="/resources/"') {
  const root = insertMarkup(`<div class="register-wizard" data-widget="register-wizard" ${attributes}><form><h2>Enter your email address</h2></form></div>`, "register-wizard");
  return mountWidget(root, parseRegisterWizard, RegisterWizard).root;
}

const ruleMessage = "Password must be at least 8 characters long and include uppercase & lowercase letters, a number, and a symbol.";

async function lookUp(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(screen.getByLabelText("Email address"), email);
  await user.click(screen.getByRole("button", { name: "Continue" }));
}

async function fillAccount(user: ReturnType<typeof userEvent.setup>, fields: Partial<Record<string, string>> = {}) {
  const values = { "First name": "Ada", "Last name": "Okoro", "Phone number (optional)": "01632 960 555", Password: "Rehearsal-room-7!", ...fields };
  for (const [label, value] of Object.entries(values)) if (value) await user.type(screen.getByLabelText(label), value);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(navigateTo).mockReset();
  document.body.replaceChildren();
  sessionStorage.clear();
});

describe("register wizard: lookupAccount", () => {
  it("starts at the lookup screen with a Close link to the site root", () => {
    serverAnswering({});
    mountWizard();
    expect(screen.getByRole("heading", { name: "Enter your email address" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Close" })).toHaveAttribute("href", "/");
  });

  it.each([
    ["", "Please enter your email."],
    ["not-an-email", "Please enter a valid email address"],
  ])("shows and focuses the native check's message for %j, without a request", async (email, message) => {
    const user = userEvent.setup();
    const calls = serverAnswering({});
    mountWizard();
    if (email) await user.type(screen.getByLabelText("Email address"), email);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText("Email address")).toHaveFocus();
    expect(screen.getByLabelText("Email address")).toHaveAttribute("aria-invalid", "true");
    expect(calls).toEqual([]);
  });

  it("moves to createAccount with the email and the spec's notice when no account is found", async () => {
    const user = userEvent.setup();
    const calls = serverAnswering({ lookup: { status: 200, body: { resetPassword: false, email: null } } });
    mountWizard();
    await lookUp(user, "  New.Teacher@School.example ");
    await screen.findByRole("heading", { name: "Create your account" });
    expect(calls[0]!.url).toBe("/account/lookup/?email=new.teacher%40school.example");
    expect(screen.getByRole("status")).toHaveTextContent("No account found with that email address. Please register.");
    expect(screen.getByLabelText("Email address")).toHaveValue("new.teacher@school.example");
    expect(screen.getByRole("heading", { name: "Create your account" })).toHaveFocus();
  });

  it("shows the existing-account message with a sign-in link", async () => {
    const user = userEvent.setup();
    serverAnswering({ lookup: { status: 200, body: { resetPassword: false, email: "member@example.org" } } });
    mountWizard();
    await lookUp(user, "member@example.org");
    await screen.findByText(
      "The email address you entered is already associated with an account. Please log in or try again with another email address.",
    );
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/account/login/?next=%2Fresources%2F");
  });

  it("tells an account without a password to check their email", async () => {
    const user = userEvent.setup();
    serverAnswering({ lookup: { status: 200, body: { resetPassword: true, email: "imported@example.org" } } });
    mountWizard();
    await lookUp(user, "imported@example.org");
    expect(await screen.findByRole("heading", { name: "Check your email" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("We've sent an email to imported@example.org");
  });

  it.each([
    [{ status: 500 }, "Account lookup failed. Please try again."],
    ["network-error" as const, "An error occurred during lookup. Please try again."],
  ])("says so when the lookup fails (%j)", async (lookup, message) => {
    const user = userEvent.setup();
    serverAnswering({ lookup });
    mountWizard();
    await lookUp(user, "member@example.org");
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe("register wizard: createAccount", () => {
  async function atCreateAccount() {
    const user = userEvent.setup();
    mountWizard();
    await lookUp(user, "ada.okoro@school.example");
    await screen.findByRole("heading", { name: "Create your account" });
    return user;
  }

  it("shows and focuses the first failing field, and sends nothing", async () => {
    const calls = serverAnswering({ lookup: { status: 200, body: { resetPassword: false, email: null } } });
    const user = await atCreateAccount();
    await fillAccount(user, { "First name": "", Password: "short" });
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(screen.getByLabelText("First name")).toHaveFocus();
    expect(screen.getByText("Enter your first name")).toBeInTheDocument();
    await user.type(screen.getByLabelText("First name"), "Ada");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    expect(screen.getByText(ruleMessage)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("creates the account with the spec's fields and continues to the school step", async () => {
    const calls = serverAnswering({ lookup: { status: 200, body: { resetPassword: false, email: null } }, register: { status: 201, body: { IsLoggedIn: true } } });
    const user = await atCreateAccount();
    await fillAccount(user);
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("heading", { name: "Link your school" })).toHaveFocus();
    expect(navigateTo).not.toHaveBeenCalled();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      first_name: "Ada",
      last_name: "Okoro",
      phone_number: "01632 960 555",
      email: "ada.okoro@school.example",
      password: "Rehearsal-room-7!",
      next: "/resources/",
    });
  });

  it("shows the server's field errors and focuses the first", async () => {
    const taken = "The email address you entered is already associated with an account. Please log in or try again with another email address.";
    serverAnswering({
      lookup: { status: 200, body: { resetPassword: false, email: null } },
      register: { status: 400, body: { success: false, IsLoggedIn: false, errors: { email: [taken] } } },
    });
    const user = await atCreateAccount();
    await fillAccount(user);
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(screen.getByLabelText("Email address")).toHaveFocus();
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it.each([
    [{ status: 200, body: { IsLoggedIn: false } }, "Registration failed."],
    [{ status: 500, body: {} }, "Registration failed."],
    ["network-error" as const, "An error occurred during account creation."],
  ])("says so when sign-up does not sign in (%j)", async (register, message) => {
    serverAnswering({ lookup: { status: 200, body: { resetPassword: false, email: null } }, register });
    const user = await atCreateAccount();
    await fillAccount(user);
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("goes back to the lookup screen", async () => {
    serverAnswering({ lookup: { status: 200, body: { resetPassword: false, email: null } } });
    const user = await atCreateAccount();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("heading", { name: "Enter your email address" })).toHaveFocus();
  });

  it("toggles the password's visibility", async () => {
    serverAnswering({ lookup: { status: 200, body: { resetPassword: false, email: null } } });
    const user = await atCreateAccount();
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute("type", "text");
  });
});

describe("register wizard: other starts", () => {
  it("starts at createAccount for a sign-up via token (returnURL and email)", () => {
    serverAnswering({});
    mountWizard('data-next="/events/" data-return-url="/resources/macbeth/" data-email="invited@school.example"');
    expect(screen.getByRole("heading", { name: "Create your account" })).toBeInTheDocument();
    expect(screen.getByLabelText("Email address")).toHaveValue("invited@school.example");
  });

  it("starts a signed-in user at the school step, which hands the chosen pathway to the machine on Continue", async () => {
    const user = userEvent.setup();
    const calls = serverAnswering({});
    vi.spyOn(console, "error").mockImplementation(() => {}); // the location preload has no answer here
    const root = mountWizard('data-next="/resources/" data-constituent-id="42" data-link-school="true" data-support-email="schools@theatre.example"');
    expect(screen.getByRole("heading", { name: "Link your school" })).toBeInTheDocument();
    expect(root.querySelector("[data-step]")).toHaveAttribute("data-step", "schoolTypeAndSearch");
    await waitFor(() => expect(calls.map((call) => call.url)).toEqual(expect.arrayContaining(["/account/countries/", "/account/states/"])));
    await user.selectOptions(screen.getByRole("combobox", { name: "School type" }), "Group of Schools (UK/Ireland)");
    await user.click(screen.getByRole("button", { name: /enter its address/ }));
    await user.type(screen.getByLabelText("Address line 1"), "9 Elm Street");
    await user.type(screen.getByLabelText("Town or city"), "Leeds");
    await user.type(screen.getByLabelText("Postcode"), "LS3 3CC");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    // A group of schools is set up by our team: contactSupport.
    await waitFor(() => expect(root.querySelector("[data-step]")).toHaveAttribute("data-step", "contactSupport"));
  });

  it("after a sign-up via token, goes to returnURL", async () => {
    const user = userEvent.setup();
    serverAnswering({ register: { status: 201, body: { IsLoggedIn: true } } });
    mountWizard('data-next="/events/" data-return-url="/account/invite/accept/?token=abc" data-email="invited@school.example"');
    await fillAccount(user);
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith("/account/invite/accept/?token=abc"));
  });
});
