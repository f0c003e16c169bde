import { configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { planOptions } from "../../../server/domain/plans";
import { navigateTo } from "../../../widgets/lib/navigate";
import type { SelectedSchool } from "../../../contracts/shapes/schools";
import { mountWizard, oakfield, posts, resumeAt, serverAnswering, stCatherines } from "./wizard-server";

vi.mock("../../../widgets/lib/navigate", () => ({ navigateTo: vi.fn() }));

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(navigateTo).mockReset();
  document.body.replaceChildren();
  sessionStorage.clear();
});

/*
 * The wizard's requests to people (issue 28, docs/requests.md): "Ask to join
 * this school" on invalidEmail, and "Send these details to our team" at each
 * ending that cannot finish online.
 */

const joined = (sentTo: "admins" | "staff", alreadySent = false) => ({
  status: alreadySent ? 200 : 201,
  body: { success: true, request: { id: 12, schoolName: "Oakfield Primary <School>", email: "ada@example.org", sentTo }, alreadySent },
});

const sentDetails = { status: 201, body: { success: true, request: { id: 31, email: "ada@example.org" } } };

describe("register wizard: ask to join this school (invalidEmail)", () => {
  it("sends the message for the school, then says who has it and where the answer will go, focused, in place of the form", async () => {
    const user = userEvent.setup();
    const calls = serverAnswering({ "POST /account/requests/join/": joined("admins") });
    resumeAt("invalidEmail");
    expect(screen.getByRole("heading", { name: "Your email address does not match this school" })).toBeInTheDocument();
    const form = within(screen.getByRole("region", { name: "Ask to join this school" }));
    expect(form.getByText(/If you work at Oakfield Primary <School>, ask to join it/)).toBeInTheDocument();
    const message = form.getByRole("textbox", { name: "A message for them (optional)" });
    expect(message).toHaveAccessibleDescription("For example, your role at the school and why you use this address.");
    // The mailto stays, for anyone who would rather write.
    expect(screen.getByRole("link", { name: "learning@greyfriars.example" })).toHaveAttribute("href", "mailto:learning@greyfriars.example");

    await user.type(message, "I teach Year 9 drama.");
    await user.click(form.getByRole("button", { name: "Ask to join" }));
    const confirmation = await screen.findByText(/Your request to join Oakfield Primary <School> has gone to its admin/);
    expect(confirmation).toHaveFocus();
    expect(confirmation).toHaveTextContent("We'll email you at ada@example.org when they answer. Until then you can use your account as it is.");
    expect(confirmation.closest("[role='status']")).not.toBeNull();
    expect(posts(calls, "/account/requests/join/").map((call) => call.body)).toEqual([{ schoolId: 9000001, message: "I teach Year 9 drama." }]);
    expect(screen.queryByRole("button", { name: "Ask to join" })).toBeNull();
    // The way on is still there.
    expect(screen.getByRole("button", { name: "Back" })).toBeInTheDocument();
  });

  it("says when the request went to our team (no admin), and when it had been sent already", async () => {
    const user = userEvent.setup();
    serverAnswering({ "POST /account/requests/join/": joined("staff") });
    resumeAt("invalidEmail");
    await user.click(screen.getByRole("button", { name: "Ask to join" }));
    expect(await screen.findByText(/has no admin yet, so your request has gone to our team/)).toHaveFocus();

    document.body.replaceChildren();
    serverAnswering({ "POST /account/requests/join/": joined("admins", true) });
    resumeAt("invalidEmail");
    await user.click(screen.getByRole("button", { name: "Ask to join" }));
    expect(await screen.findByText(/You've already asked to join Oakfield Primary <School>, and your request is waiting for an answer/)).toBeInTheDocument();
  });

  it("an address not yet confirmed gets the link first, which brings them back to this screen; nothing is asked yet", async () => {
    const user = userEvent.setup();
    const refusal = "Please confirm your email address first, so the school knows it's you: follow the link we email you, then send your request.";
    const calls = serverAnswering({
      "POST /account/requests/join/": { status: 403, body: { success: false, errors: { email: [refusal] } } },
      "POST /account/verify-email/": { status: 200, body: { success: true, sentTo: "ada@example.org" } },
    });
    resumeAt("invalidEmail");
    await user.click(screen.getByRole("button", { name: "Ask to join" }));
    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("follow the link in the email we sent to ada@example.org, and you'll come back here to send your request.");
    expect(posts(calls, "/account/verify-email/").map((call) => call.body)).toEqual([{ school: oakfield, pathway: "state-school", step: "invalidEmail" }]);
  });

  it("shows the server's word on the message beside the field, and its other refusals above the form; the form stays", async () => {
    const user = userEvent.setup();
    let attempt = 0;
    serverAnswering({
      "POST /account/requests/join/": async () =>
        (attempt += 1) === 1
          ? { status: 400, body: { success: false, errors: { message: ["Remove the hidden control characters from your message."] } } }
          : { status: 429, body: { success: false, errors: { __all__: ["You have sent several requests today. Try again tomorrow, or write to us by email."] } } },
    });
    resumeAt("invalidEmail");
    await user.click(screen.getByRole("button", { name: "Ask to join" }));
    const message = screen.getByRole("textbox", { name: "A message for them (optional)" });
    expect(await screen.findByText("Remove the hidden control characters from your message.")).toBeInTheDocument();
    expect(message).toHaveAttribute("aria-invalid", "true");
    await user.click(screen.getByRole("button", { name: "Ask to join" }));
    expect(await screen.findByText("You have sent several requests today. Try again tomorrow, or write to us by email.")).toHaveAttribute("role", "alert");
    expect(screen.getByRole("button", { name: "Ask to join" })).toBeInTheDocument();
  });
});

describe("register wizard: send these details to our team", () => {
  it("contactSupport: shows what will be sent, sends it with a message, and says what happens next", async () => {
    const user = userEvent.setup();
    const calls = serverAnswering({ "POST /account/requests/support/": sentDetails });
    const school: SelectedSchool = { ...stCatherines, URN: "9000004", addressLine1: "College Green", city: "Oxford", postalCode: "OX2 7DR" };
    resumeAt("contactSupport", school, "independent-school");
    const panel = within(screen.getByRole("region", { name: "Send these details to our team" }));
    const facts = panel.getAllByRole("term").map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(facts).toEqual(["School type: UK Independent School", "School: St Catherine's College (URN 9000004)", "Address: College Green, Oxford, OX2 7DR"]);
    await user.type(panel.getByRole("textbox", { name: "Anything else we should know (optional)" }), "Twelve staff.");
    await user.click(panel.getByRole("button", { name: "Send these details" }));
    expect(await screen.findByText(/your details are with our team/)).toHaveFocus();
    expect(screen.getByText(/your details are with our team/)).toHaveTextContent("We'll reply to ada@example.org, usually within two working days, so there's no need to email us as well.");
    expect(posts(calls, "/account/requests/support/").map((call) => call.body)).toEqual([
      { ending: "contactSupport", pathway: "independent-school", school, plan: null, message: "Twelve staff." },
    ]);
    // The mailto stays as the way without this.
    expect(screen.getByRole("link", { name: "learning@greyfriars.example" })).toBeInTheDocument();
  });

  it("contactYourAdmin: offers the same, for the admin who cannot be reached", async () => {
    const user = userEvent.setup();
    const calls = serverAnswering({
      "GET /account/affiliations/": { status: 200, body: { details: [{ AffiliationType: { Id: 10053 }, IndividualConstituent: { Id: 0 } }] } },
      "GET /account/session-status/": { status: 200, body: { session_data: { login_info: { email: "ada@example.org" } }, constituentId: 42, emailVerified: true } },
      "POST /account/requests/support/": sentDetails,
    });
    resumeAt("schoolTypeAndSearch", stCatherines, "independent-school");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { name: "Contact your school's admin" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Send these details" }));
    await screen.findByText(/your details are with our team/);
    expect(posts(calls, "/account/requests/support/")[0]!.body).toMatchObject({ ending: "contactYourAdmin", pathway: "independent-school", school: { name: "St Catherine's College" } });
  });

  it("more users than the largest plan: the number typed goes with the details", async () => {
    const user = userEvent.setup();
    const calls = serverAnswering({ "POST /account/requests/support/": sentDetails });
    mountWizard({ constituentId: 42, resume: { pathway: "independent-school", school: stCatherines, step: "confirmSubscriptionOther" }, plans: planOptions() });
    expect(screen.queryByRole("region", { name: "Send these details to our team" })).toBeNull();
    const users = screen.getByLabelText("Number of users");
    await user.clear(users);
    await user.type(users, "24");
    const panel = within(screen.getByRole("region", { name: "Send these details to our team" }));
    expect(panel.getByText("Number of users").nextElementSibling).toHaveTextContent("24");
    await user.click(panel.getByRole("button", { name: "Send these details" }));
    await screen.findByText(/your details are with our team/);
    expect(posts(calls, "/account/requests/support/")[0]!.body).toMatchObject({ ending: "moreUsers", plan: { planType: "school-annual", users: 24 } });
    expect(posts(calls, "/account/add-to-basket/")).toEqual([]);
  });

  it("a failed call says so and keeps the form to try again", async () => {
    const user = userEvent.setup();
    serverAnswering({ "POST /account/requests/support/": { status: 500, body: {} } });
    resumeAt("contactSupport", stCatherines, "independent-school");
    await user.click(screen.getByRole("button", { name: "Send these details" }));
    expect(await screen.findByText("We couldn't send your request just now. Check your connection and try again.")).toHaveAttribute("role", "alert");
    expect(screen.getByRole("button", { name: "Send these details" })).toBeInTheDocument();
  });
});
