import { act, configure, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { planOptions } from "../../../server/domain/plans";
import { navigateTo } from "../../../widgets/lib/navigate";
import type { SelectedSchool } from "../../../contracts/shapes/schools";
import { mountWizard, oakfield, posts, resumeAt, serverAnswering, stCatherines, type Reply } from "./wizard-server";

vi.mock("../../../widgets/lib/navigate", () => ({ navigateTo: vi.fn() }));

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(navigateTo).mockReset();
  document.body.replaceChildren();
  sessionStorage.clear();
});

describe("register wizard: confirmSchool and the seat flow", () => {
  it("resumes from data-resume at confirmSchool with the school shown, nothing retyped", () => {
    serverAnswering();
    resumeAt("confirmSchool");
    expect(screen.getByRole("heading", { name: "Is this your school?" })).toBeInTheDocument();
    expect(screen.getByText("Oakfield Primary <School>")).toBeInTheDocument();
    expect(screen.getByText(/URN 9000001/)).toBeInTheDocument();
    expect(screen.getByText("1 Oak Lane, Leeds, LS1 1AA")).toBeInTheDocument();
  });

  it("joins, offers admin status, and accepting makes the user admin and finishes with a link to next", async () => {
    const user = userEvent.setup();
    const calls = serverAnswering();
    resumeAt("confirmSchool");
    await user.click(screen.getByRole("button", { name: "Yes, link my account" }));
    expect(await screen.findByRole("heading", { name: "Become your school's admin?" })).toHaveFocus();
    expect(posts(calls, "/account/manual-benefit-usage/")[0]!.body).toMatchObject({ Benefit: { Id: 301 }, Constituent: { Id: 42 }, Membership: { Id: 700 }, TotalCount: 1 });
    expect(posts(calls, "/account/affiliation/42/")[0]!.body).toMatchObject({ AffiliationType: { Id: 10052 }, Salary: 9001 });

    await user.click(screen.getByRole("button", { name: "Yes, make me the admin" }));
    expect(await screen.findByRole("heading", { name: "You're all set" })).toHaveFocus();
    expect(posts(calls, "/account/manual-benefit-usage/")[1]!.body).toMatchObject({ Benefit: { Id: 302 } });
    expect(screen.getByText("Your account is linked to Oakfield Primary <School>.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continue" })).toHaveAttribute("href", "/resources/");
    expect(sessionStorage.getItem("register-wizard")).toBeNull();
  });

  it("declining the admin offer finishes without an admin seat", async () => {
    const user = userEvent.setup();
    const calls = serverAnswering();
    resumeAt("confirmSchool");
    await user.click(screen.getByRole("button", { name: "Yes, link my account" }));
    await user.click(await screen.findByRole("button", { name: "No thanks" }));
    expect(await screen.findByRole("heading", { name: "You're all set" })).toBeInTheDocument();
    expect(posts(calls, "/account/manual-benefit-usage/")).toHaveLength(1);
  });

  it("shows progress on the button while the calls run", async () => {
    const user = userEvent.setup();
    let answer: (reply: Reply) => void = () => undefined;
    serverAnswering({ "GET /account/session-status/": () => new Promise<Reply>((resolve) => (answer = resolve)) });
    resumeAt("confirmSchool");
    await user.click(screen.getByRole("button", { name: "Yes, link my account" }));
    const busy = screen.getByRole("button", { name: "Please wait…" });
    expect(busy).toHaveAttribute("aria-disabled", "true");
    await act(async () => answer({ status: 500 }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch session data. Please try again later.");
    expect(screen.getByRole("button", { name: "Yes, link my account" })).not.toHaveAttribute("aria-disabled");
  });

  it("an unverified email gets the check-your-inbox view, with the pending choice sent, and nothing granted", async () => {
    const user = userEvent.setup();
    const calls = serverAnswering({
      "GET /account/session-status/": { status: 200, body: { session_data: { login_info: { email: "ada@oakfield.sch.uk" } }, constituentId: 42, emailVerified: false } },
    });
    resumeAt("confirmSchool");
    await user.click(screen.getByRole("button", { name: "Yes, link my account" }));
    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("Follow the link in the email we sent to ada@oakfield.sch.uk");
    expect(posts(calls, "/account/verify-email/")[0]!.body).toEqual({ school: oakfield, pathway: "state-school", step: "confirmSchool" });
    expect(posts(calls, "/account/manual-benefit-usage/")).toEqual([]);
    expect(calls.some((call) => call.url.startsWith("/account/membership"))).toBe(false);
  });

  it("'Wrong address? Change it' on check-your-inbox: a field error from the server stays on the field; a change names the new address", async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const calls = serverAnswering({
      "GET /account/session-status/": { status: 200, body: { session_data: { login_info: { email: "adda@oakfield.sch.uk" } }, constituentId: 42, emailVerified: false } },
      "POST /account/verify-email/": { status: 200, body: { success: true, sentTo: "adda@oakfield.sch.uk" } },
      "POST /account/verify-email/address/": async () =>
        (attempt += 1) === 1
          ? { status: 400, body: { success: false, errors: { email: ["The email address you entered is already associated with an account. Please log in or try again with another email address."] } } }
          : { status: 200, body: { success: true, sentTo: "ada@oakfield.sch.uk" } },
    });
    resumeAt("confirmSchool");
    await user.click(screen.getByRole("button", { name: "Yes, link my account" }));
    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toHaveFocus();
    const disclosure = screen.getByRole("button", { name: "Wrong address? Change it" });
    expect(disclosure).toHaveAttribute("aria-expanded", "false");
    await user.click(disclosure);
    expect(disclosure).toHaveAttribute("aria-expanded", "true");
    const field = screen.getByRole("textbox", { name: "Your email address" });
    expect(field).toHaveValue("adda@oakfield.sch.uk");

    // The browser's own check first: nothing is sent for a malformed address.
    await user.clear(field);
    await user.type(field, "not an address");
    await user.click(screen.getByRole("button", { name: "Send the link to this address" }));
    expect(field).toHaveAccessibleDescription(/Please enter a valid email address/);
    expect(posts(calls, "/account/verify-email/address/")).toEqual([]);

    await user.clear(field);
    await user.type(field, "taken@oakfield.sch.uk");
    await user.click(screen.getByRole("button", { name: "Send the link to this address" }));
    await screen.findByText(/already associated with an account/);
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute("aria-invalid", "true");

    await user.clear(field);
    await user.type(field, "ada@oakfield.sch.uk");
    await user.click(screen.getByRole("button", { name: "Send the link to this address" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Your address is now ada@oakfield.sch.uk, and we've sent the link there. The link sent to adda@oakfield.sch.uk no longer works.");
    expect(posts(calls, "/account/verify-email/address/").map((call) => call.body)).toEqual([{ email: "taken@oakfield.sch.uk" }, { email: "ada@oakfield.sch.uk" }]);
    expect(screen.getByRole("button", { name: "Wrong address? Change it" })).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("textbox", { name: "Your email address" })).toBeNull();
  }, 20_000);

  it("a domain that does not match goes to invalidEmail with the support address, and Back returns", async () => {
    const user = userEvent.setup();
    serverAnswering({ "GET /account/attributes/9000001/": { status: 200, body: { details: [{ Keyword: { Id: 671 }, Value: "riverside.sch.uk" }] } } });
    resumeAt("confirmSchool");
    await user.click(screen.getByRole("button", { name: "Yes, link my account" }));
    expect(await screen.findByRole("heading", { name: "Your email address does not match this school" })).toHaveFocus();
    expect(screen.getByRole("link", { name: "learning@greyfriars.example" })).toHaveAttribute("href", "mailto:learning@greyfriars.example");
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("heading", { name: "Is this your school?" })).toHaveFocus();
  });

  it("a failed attribute fetch goes to invalidEmail with 'Failed to get attributes.'", async () => {
    const user = userEvent.setup();
    serverAnswering({ "GET /account/attributes/9000001/": { status: 500 } });
    resumeAt("confirmSchool");
    await user.click(screen.getByRole("button", { name: "Yes, link my account" }));
    await screen.findByRole("heading", { name: "Your email address does not match this school" });
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to get attributes.");
  });

  it("no seats: the spec's message under a true heading, the admin to ask by first name and initial, the account kept, and no plans", async () => {
    const user = userEvent.setup();
    serverAnswering({ "POST /account/manual-benefit-usage/": { status: 409, body: { errors: { __all__: ["No seats"] } } } });
    resumeAt("confirmSchool", { ...oakfield, hasAdmin: true });
    await user.click(screen.getByRole("button", { name: "Yes, link my account" }));
    expect(await screen.findByRole("heading", { name: "Oakfield Primary <School>'s seats are all in use" })).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("No seats available for the membership, needs to be renewed");
    expect(screen.getByText(/your school's admin, to free a seat or add seats/)).toHaveTextContent("Ask Tom E., your school's admin, to free a seat or add seats.");
    expect(screen.getByText(/^What to write:/)).toHaveTextContent("Please free a seat or add seats so I can join.");
    expect(screen.getByText(/Your account is kept/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Choose a plan" })).toBeNull();
    expect(screen.queryByText(/£/)).toBeNull();
    expect(screen.getByRole("link", { name: "Continue without a school" })).toHaveAttribute("href", "/resources/");
  });

  it("no seats, seen by the school's own admin: the plans, under the true heading", async () => {
    const user = userEvent.setup();
    serverAnswering({
      "POST /account/manual-benefit-usage/": { status: 409, body: {} },
      "GET /account/school-admins/9000001/": { status: 200, body: { success: true, admins: [], youAreAdmin: true } },
    });
    mountWizard({ constituentId: 42, resume: { pathway: "state-school", school: oakfield, step: "confirmSchool" }, plans: planOptions() });
    await user.click(screen.getByRole("button", { name: "Yes, link my account" }));
    expect(await screen.findByRole("heading", { name: "Oakfield Primary <School>'s seats are all in use" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "Choose a plan" })).toBeInTheDocument();
  });

  it("a refused admin claim says 'Failed to make user an admin. Please try again.'", async () => {
    const user = userEvent.setup();
    let usages = 0;
    serverAnswering({ "POST /account/manual-benefit-usage/": async () => (++usages === 1 ? { status: 201, body: { details: { Id: 9001 } } } : { status: 403, body: {} }) });
    resumeAt("confirmSchool");
    await user.click(screen.getByRole("button", { name: "Yes, link my account" }));
    await user.click(await screen.findByRole("button", { name: "Yes, make me the admin" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to make user an admin. Please try again.");
    expect(screen.getByRole("heading", { name: "Become your school's admin?" })).toBeInTheDocument();
  });
});

/** A verified teacher at St Catherine's domain. */
const atStCatherines = {
  "GET /account/session-status/": { status: 200, body: { session_data: { login_info: { email: "ada@stcatherines.org.uk" } }, constituentId: 42, emailVerified: true } },
};

describe("register wizard: other pathways", () => {
  it("an independent school with an admin: contactYourAdmin", async () => {
    const user = userEvent.setup();
    serverAnswering({ "GET /account/affiliations/": { status: 200, body: { details: [{ AffiliationType: { Id: 10053 }, IndividualConstituent: { Id: 0 } }] } }, ...atStCatherines });
    resumeAt("schoolTypeAndSearch", stCatherines, "independent-school");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { name: "Contact your school's admin" })).toHaveFocus();
    expect(screen.getByText(/St Catherine's College already has an admin/)).toHaveTextContent("St Catherine's College already has an admin: Helen W.");
    expect(screen.getByRole("heading", { name: "Ask them to add you" })).toBeInTheDocument();
    expect(screen.getByText(/in person or by your school's email/)).toHaveTextContent("Ask Helen W. in person or by your school's email to add you; your account is kept.");
    // The plain next step: what to write, and that the account is kept (or send the details to our team: request-screens.test.tsx).
    // Adding someone is an invite (the School tab's Edit users): the screen says so, and that its emailed link is the way in.
    expect(screen.getByText(/^What to write:/)).toHaveTextContent("Please invite this address to our school's membership.");
    expect(screen.getByText(/^What to write:/)).toHaveTextContent("They send the invite from the School tab of My account.");
    expect(screen.getByText(/^You'll then get an email with a link: follow it and sign in, and you've joined/)).toBeInTheDocument();
    // No mailto to nobody: the only address shown is none at all.
    expect(screen.queryByRole("link", { name: /@/ })).toBeNull();
  });

  it("an international school, unverified: the link first; following it resumes at the offer, which can then be accepted", async () => {
    const user = userEvent.setup();
    const lisbon: SelectedSchool = { ...stCatherines, name: "Lisbon British School", type: "international", constituentId: 9000004 };
    const calls = serverAnswering({ ...atStCatherines, "GET /account/session-status/": { status: 200, body: { session_data: { login_info: { email: "new1@stcatherines.org.uk" } }, constituentId: 42, emailVerified: false } } });
    resumeAt("schoolTypeAndSearch", lisbon, "international");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toHaveFocus();
    expect(posts(calls, "/account/verify-email/")[0]!.body).toMatchObject({ pathway: "international", step: "offerAdminStatus" });
    expect(posts(calls, "/account/manual-benefit-usage/")).toEqual([]);

    // The link followed: the page resumes at the offer and runs the flow again, verified now.
    document.body.replaceChildren();
    window.history.replaceState(null, "", "/"); // a new visit, not a reload: no step entry of its own
    sessionStorage.clear();
    serverAnswering(atStCatherines);
    resumeAt("offerAdminStatus", lisbon, "international");
    await user.click(await screen.findByRole("button", { name: "Yes, make me the admin" }));
    expect(await screen.findByRole("heading", { name: "You're all set" })).toHaveFocus();
    // The finish leads to the page that says what the person now has, then on to where they were going.
    expect(screen.getByRole("link", { name: "See your membership" })).toHaveAttribute("href", "/account/dashboard/");
    expect(screen.getByRole("link", { name: "Continue" })).toHaveAttribute("href", "/resources/");
  }, 15_000);

  it("check your inbox: Resend the email sends another for the same step and says where; a refused resend (the rate limit) says what to do (issue 23, item 8)", async () => {
    const user = userEvent.setup();
    const lisbon: SelectedSchool = { ...stCatherines, name: "Lisbon British School", type: "international", constituentId: 9000004 };
    const unverified = { status: 200, body: { session_data: { login_info: { email: "new1@stcatherines.org.uk" } }, constituentId: 42, emailVerified: false } };
    const answers: Reply[] = [
      { status: 200, body: { success: true, sentTo: "new1@stcatherines.org.uk" } },
      { status: 200, body: { success: true, sentTo: "new1@stcatherines.org.uk" } },
      { status: 429, body: { success: false, error: "Too many requests" } },
    ];
    const calls = serverAnswering({ ...atStCatherines, "GET /account/session-status/": unverified, "POST /account/verify-email/": async () => answers.shift()! });
    resumeAt("schoolTypeAndSearch", lisbon, "international");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Resend the email" }));
    expect(await screen.findByText("We've sent another email to new1@stcatherines.org.uk. The link in either email brings you back here.")).toBeInTheDocument();
    const [first, resent] = posts(calls, "/account/verify-email/");
    expect(resent!.body).toMatchObject({ pathway: "international", step: (first!.body as { step: string }).step, resend: true });
    expect(first!.body).not.toHaveProperty("resend", true);

    await user.click(screen.getByRole("button", { name: "Resend the email" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("We couldn't send another email just now. Check your inbox and spam folder, or try again in a few minutes.");
    // Still on the step, with its way out: the address can be corrected, and nothing was granted.
    expect(screen.getByRole("heading", { name: "Check your inbox" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Wrong address? Change it" })).toBeInTheDocument();
    expect(posts(calls, "/account/manual-benefit-usage/")).toEqual([]);
  });

  it("an independent school without an admin: offerAdminStatus", async () => {
    const user = userEvent.setup();
    serverAnswering(atStCatherines);
    resumeAt("schoolTypeAndSearch", stCatherines, "independent-school");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { name: "Become your school's admin?" })).toBeInTheDocument();
  });

  it("a failed affiliations call stays with the spec's message", async () => {
    const user = userEvent.setup();
    serverAnswering({ "GET /account/affiliations/": { status: 500 } });
    resumeAt("schoolTypeAndSearch", stCatherines, "independent-school");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Failed to fetch school affiliations. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Link your school" })).toBeInTheDocument();
  });

  it("consortium: contactSupport with the support address, and Back to the school step", async () => {
    const user = userEvent.setup();
    const calls = serverAnswering();
    mountWizard({ constituentId: 42 });
    await user.selectOptions(screen.getByLabelText("School type"), "consortium");
    await user.click(screen.getByRole("button", { name: /enter its address/ }));
    await user.type(screen.getByLabelText("Address line 1"), "9 Elm Street");
    await user.type(screen.getByLabelText("Town or city"), "Leeds");
    await user.type(screen.getByLabelText("Postcode"), "LS3 3CC");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { name: "Contact us to join" })).toHaveFocus();
    expect(screen.getByRole("link", { name: "learning@greyfriars.example" })).toBeInTheDocument();
    // Only the location preload: a consortium is set up by our team, so no school call is made.
    // (the wizard's own progress call, for a new tab at the step's address, aside)
    expect(calls.map((call) => call.url).filter((url) => url !== "/account/register/progress/").sort()).toEqual(["/account/countries/", "/account/states/"]);
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByLabelText("School type")).toHaveValue("consortium");
  });

  it("without a school type, Continue says 'Please select a valid school type.'", async () => {
    const user = userEvent.setup();
    serverAnswering();
    mountWizard({ constituentId: 42 });
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Please select a valid school type.")).toBeVisible();
    expect(screen.getByLabelText("School type")).toHaveFocus();
  });
});

describe("register wizard: reloads, resume and payment messages", () => {
  it("a reload carries on at the same step with the same pathway and school", async () => {
    const user = userEvent.setup();
    serverAnswering({ "GET /account/attributes/9000001/": { status: 200, body: { details: [] } } });
    resumeAt("confirmSchool");
    await user.click(screen.getByRole("button", { name: "Yes, link my account" }));
    await screen.findByRole("heading", { name: "Your email address does not match this school" });
    document.body.replaceChildren();
    mountWizard({ constituentId: 42 });
    expect(screen.getByRole("heading", { name: "Your email address does not match this school" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByText("Oakfield Primary <School>")).toBeInTheDocument();
  });

  it("keeps the lookup's email over a reload but never the password", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ resetPassword: false, email: null }), { status: 200, headers: { "Content-Type": "application/json" } }));
    mountWizard({});
    await user.type(screen.getByLabelText("Email address"), "ada@oakfield.sch.uk");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { name: "Create your account" });
    await user.type(screen.getByLabelText(/^Password/), "Rehearsal-room-7!");
    expect(sessionStorage.getItem("register-wizard")).not.toContain("Rehearsal");
    document.body.replaceChildren();
    mountWizard({});
    expect(screen.getByRole("heading", { name: "Create your account" })).toBeInTheDocument();
    expect(screen.getByLabelText("Email address")).toHaveValue("ada@oakfield.sch.uk");
    expect(screen.getByLabelText(/^Password/)).toHaveValue("");
  });

  it("ignores a saved school step once signed out", () => {
    sessionStorage.setItem("register-wizard", JSON.stringify({ step: "confirmSchool", pathway: "state-school", school: oakfield, email: "", message: null, offer: null }));
    serverAnswering();
    mountWizard({});
    expect(screen.getByRole("heading", { name: "Enter your email address" })).toBeInTheDocument();
  });

  it("does not restore another person's wizard, nor the account screens once signed in", () => {
    serverAnswering();
    const saved = (step: string, constituentId: number | null) =>
      sessionStorage.setItem("register-wizard", JSON.stringify({ step, pathway: "state-school", school: oakfield, constituentId, email: "", message: null, offer: null }));
    saved("confirmSchool", 7);
    mountWizard({ constituentId: 42 });
    expect(screen.getByRole("heading", { name: "Link your school" })).toBeInTheDocument();
    document.body.replaceChildren();
    window.history.replaceState(null, "", "/"); // a new visit, not a reload: no step entry of its own
    saved("createAccount", null);
    mountWizard({ constituentId: 42 });
    expect(screen.getByRole("heading", { name: "Link your school" })).toBeInTheDocument();
    document.body.replaceChildren();
    window.history.replaceState(null, "", "/"); // a new visit, not a reload: no step entry of its own
    // Saved by this same person (or just before they signed up in this tab): carried on.
    saved("confirmSchool", 42);
    mountWizard({ constituentId: 42 });
    expect(screen.getByRole("heading", { name: "Is this your school?" })).toBeInTheDocument();
  });

  // The spec's message opens the notice; the declined and cancelled ones go on to say nothing was charged.
  it.each([
    ["declined", /^Your payment was declined\. Nothing was charged\./],
    ["cancelled", /^Your payment is cancelled\. Nothing was charged\./],
    ["bogus", /^Your payment has failed, please try again\./],
  ])("paymentStatus %s shows %s", (paymentStatus, message) => {
    serverAnswering();
    mountWizard({ constituentId: 42, paymentStatus });
    expect(screen.getByText(message)).toHaveAttribute("role", "status");
  });

  it("has a Close link to the site root on every screen", () => {
    serverAnswering();
    resumeAt("contactYourAdmin", stCatherines, "independent-school");
    expect(screen.getByRole("link", { name: "Close" })).toHaveAttribute("href", "/");
  });
});

describe("register wizard: a lapsed member's renewal (data-renewal)", () => {
  it("a lapsed individual starts at the individual plans, with the date it ended and the spec's message", async () => {
    const user = userEvent.setup();
    serverAnswering();
    mountWizard({ constituentId: 42, plans: planOptions(), renewal: { kind: "individual", endedOn: "3 October 2026", pathway: "individual", school: null } });
    expect(await screen.findByRole("heading", { name: "Renew your membership" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Membership has expired, needs to be renewed");
    expect(screen.getByText(/Your membership ended on/)).toHaveTextContent("Your membership ended on 3 October 2026.");
    expect(screen.queryByLabelText("School type")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Choose a plan" }));
    expect(screen.getByRole("radio", { name: /^Individual, yearly\s*Annual plan £60.00/ })).toBeChecked();
  });

  it("a lapsed school's admin starts at the school's plans", async () => {
    serverAnswering();
    mountWizard({ constituentId: 42, plans: planOptions(), renewal: { kind: "school", endedOn: "1 September 2026", pathway: "independent-school", school: stCatherines } });
    expect(await screen.findByRole("heading", { name: "Renew your membership" })).toBeInTheDocument();
    expect(screen.getByText(/Your school's membership ended on/)).toHaveTextContent("Your school's membership ended on 1 September 2026.");
    expect(screen.getByRole("button", { name: "Choose a plan" })).toBeInTheDocument();
    expect(screen.queryByText(/Individual, yearly/)).toBeNull();
  });

  it("a current member renewing early from a reminder's link starts at their plans, with the date it ends and nothing said to have expired", async () => {
    serverAnswering();
    mountWizard({ constituentId: 42, plans: planOptions(), renewal: { kind: "individual", endedOn: null, endsOn: "4 December 2026", pathway: "individual", school: null } });
    expect(await screen.findByRole("heading", { name: "Renew your membership" })).toBeInTheDocument();
    expect(screen.getByText(/Your membership ends on/)).toHaveTextContent("Your membership ends on 4 December 2026. Renewing now adds the new period after that date, so you lose no days.");
    expect(screen.queryByText("Membership has expired, needs to be renewed")).toBeNull();
    expect(screen.getByRole("button", { name: "Choose a plan" })).toBeInTheDocument();
  });

  it("a paid school's admin renewing early starts at the school's plans, with the date it ends", async () => {
    serverAnswering();
    mountWizard({ constituentId: 42, plans: planOptions(), renewal: { kind: "school", endedOn: null, endsOn: "20 December 2026", pathway: "independent-school", school: stCatherines } });
    expect(await screen.findByRole("heading", { name: "Renew your membership" })).toBeInTheDocument();
    expect(screen.getByText(/Your school's membership ends on/)).toHaveTextContent("Your school's membership ends on 20 December 2026.");
    expect(screen.queryByText(/Individual, yearly/)).toBeNull();
  });

  it("coming back from the payment page is not a renewal start: the payment's own screens follow", async () => {
    serverAnswering();
    mountWizard({ constituentId: 42, paymentStatus: "cancelled", renewal: { kind: "individual", endedOn: "3 October 2026", pathway: "individual", school: null } });
    expect(await screen.findByText(/^Your payment is cancelled\./)).toBeInTheDocument();
    expect(screen.queryByText(/Your membership ended on/)).toBeNull();
  });
});
