import { act, configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { navigateTo } from "../../../widgets/lib/navigate";
import { parseRegisterWizard } from "../../../widgets/register-wizard/parse";
import { paymentCalls } from "../../../widgets/register-wizard/payment-calls";
import RegisterWizard from "../../../widgets/register-wizard/RegisterWizard";
import type { SelectedSchool } from "../../../contracts/shapes/schools";
import { insertMarkup, mountWidget } from "../support/widget-harness";
import { macroTemplates } from "../../support/macro-templates";

vi.mock("../../../widgets/lib/navigate", () => ({ navigateTo: vi.fn() }));

configure({ asyncUtilTimeout: 5000 });

const templates = macroTemplates();

const stCatherines: SelectedSchool = {
  name: "St Catherine's College",
  addressLine1: "2 College Road",
  addressLine2: "",
  addressLine3: "",
  city: "York",
  state: null,
  county: "",
  postalCode: "YO1 1AA",
  country: 209,
  type: "independent-school",
  URN: null,
  constituentId: 9000004,
  membershipDetails: null,
  totalAvailable: null,
  benefitUsage: null,
  hasAdmin: true,
};
const lapsed = { Id: 700, ExpirationDateTime: "2020-01-01T00:00:00Z", Constituent: { DisplayName: "St Catherine's College", SortName: "St Catherine's College" } };

// The page's plans, as the register route writes them into data-plans.
const plans = [
  { planType: "individual-annual", label: "Individual, yearly", users: 1, priceText: "Annual plan £60.00", price: 60 },
  { planType: "individual-monthly", label: "Individual, pay monthly", users: 1, priceText: "Monthly plan £39.99", price: 39.99 },
  { planType: "school-annual", label: "1 user", users: 1, priceText: "Annual plan £60.00", price: 60 },
  { planType: "school-annual", label: "2–5 users", users: 5, priceText: "Annual plan £250.00", price: 250 },
  { planType: "school-annual", label: "6–10 users", users: 10, priceText: "Annual plan £400.00", price: 400, note: "Save 20%" },
];

interface Call {
  method: string;
  url: string;
  body: unknown;
}
type Reply = { status: number; body?: unknown };

function schoolOrder(levelId: number, recipient: { Id: number; DisplayName: string }) {
  return {
    success: true,
    details: {
      Products: [{ ProductClass: { Description: "Membership" }, Membership: { Id: 9, MembershipLevel: { Id: levelId }, Recipient: { ...recipient, SortName: recipient.DisplayName } } }],
      Constituent: { Id: 42, DisplayName: "Ada Lovelace", SortName: "Lovelace, Ada" },
      Status: "approved",
    },
  };
}

/** Answers each call by "METHOD path"; a list answers in turn (its last answer repeats). */
function serverAnswering(overrides: Record<string, Reply | Reply[] | (() => Promise<Reply>)> = {}): Call[] {
  const replies: Record<string, Reply | Reply[] | (() => Promise<Reply>)> = {
    "GET /account/session-status/": { status: 200, body: { session_data: { login_info: { email: "ada@stcatherines.org.uk" } }, constituentId: 42, emailVerified: true } },
    "GET /account/membership-summary/9000004/": { status: 200, body: { details: null, expired: lapsed } },
    "GET /account/membership-summary/42/": { status: 200, body: { details: null, expired: null } },
    // No admin: the plans are offered (a school with an admin offers them only to its admin).
    "GET /account/affiliations/": { status: 200, body: { details: [] } },
    "POST /account/add-to-basket/": { status: 201, body: { success: true, payment: { links: [{ method: "REDIRECT", href: "/payments/sandbox/checkout/abc/" }] } } },
    "GET /account/cart/orders/": { status: 200, body: schoolOrder(97, { Id: 9000004, DisplayName: "St Catherine's College" }) },
    "GET /account/countries/": { status: 200, body: { countries: [{ Id: 209, Description: "United Kingdom" }] } },
    "GET /account/states/": { status: 200, body: { states: [] } },
    ...overrides,
  };
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const method = init.method ?? "GET";
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const key = `${method} ${url.split("?")[0]}`;
    const found = replies[key];
    const reply = typeof found === "function" ? await found() : Array.isArray(found) ? (found.length > 1 ? found.shift()! : found[0]!) : (found ?? { status: 404 });
    return new Response(JSON.stringify(reply.body ?? {}), { status: reply.status, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}

/** The wizard root as the register page's macro renders it, with the test environment's ids. */
function mountWizard(wizard: Record<string, unknown>) {
  const markup = templates.renderString(
    '{% from "macros/register-wizard.njk" import registerWizardRoot %}{% call registerWizardRoot(wizard) %}<h2>Server screen</h2>{% endcall %}',
    {
      wizard: {
        next: "/account/my-account/",
        supportEmail: "learning@greyfriars.example",
        plans,
        fundId: 17,
        individualLevelId: 95,
        individualMonthlyLevelId: 99,
        seatLevels: [
          { id: 95, seats: 1 },
          { id: 96, seats: 5 },
          { id: 97, seats: 10 },
        ],
        ...wizard,
      },
    },
  );
  return mountWidget(insertMarkup(markup, "register-wizard"), parseRegisterWizard, RegisterWizard);
}

const resumeAt = (step: string, pathway: string) => mountWizard({ constituentId: 42, resume: { pathway, school: stCatherines, step } });
const posts = (calls: Call[], start: string) => calls.filter((call) => call.method === "POST" && call.url.startsWith(start));
const gets = (calls: Call[], start: string) => calls.filter((call) => call.method === "GET" && call.url.startsWith(start));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(navigateTo).mockReset();
  document.body.replaceChildren();
  sessionStorage.clear();
});

describe("register wizard: choosing a plan", () => {
  it("a lapsed school: the message and the plans, then users pick the price, and confirming goes to the payment page", async () => {
    const user = userEvent.setup();
    const calls = serverAnswering();
    resumeAt("schoolTypeAndSearch", "independent-school");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { name: "This school has no active membership" })).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("Membership has expired, needs to be renewed");
    // The plans are a radio group of cards (name, price, seats, period), not a list.
    const group = within(screen.getByRole("group", { name: "Membership plans" }));
    expect(group.getAllByRole("radio").map((radio) => radio.closest("label")!.textContent)).toEqual([
      "1 userAnnual plan £60.001 seatPaid yearly",
      "2–5 usersAnnual plan £250.002 to 5 seatsPaid yearly",
      "6–10 usersAnnual plan £400.006 to 10 seatsPaid yearlySave 20%",
    ]);
    expect(screen.queryByRole("listitem")).toBeNull();
    expect(screen.getByText(/For 11 or more users, email/)).toBeInTheDocument();
    const first = group.getByRole("radio", { name: /^1 user/ });
    expect(first).toBeChecked();
    // By keyboard: Tab into the group, an arrow key moves the choice.
    first.focus();
    await user.keyboard("{ArrowDown}");
    expect(group.getByRole("radio", { name: /^2–5 users/ })).toBeChecked();

    await user.click(screen.getByRole("button", { name: "Choose a plan" }));
    expect(await screen.findByRole("heading", { name: "Choose a membership" })).toHaveFocus();
    expect(screen.getByText("A membership for St Catherine's College.")).toBeInTheDocument();
    // The chosen card carries on: the number of users starts at the fewest it is for.
    const users = screen.getByLabelText("Number of users");
    expect(users).toHaveValue(2);
    expect(screen.getByText("Annual plan £250.00")).toBeInTheDocument();
    await user.clear(users);
    await user.type(users, "6");
    expect(screen.getByText("Annual plan £400.00 (Save 20%)")).toBeInTheDocument();
    // Renewal is plain before payment, and on unless unticked.
    const renewal = screen.getByRole("checkbox", { name: "Renew automatically each year" });
    expect(renewal).toBeChecked();
    expect(renewal).toHaveAccessibleDescription(expect.stringContaining("You can turn this off at any time on the Membership tab of My account."));
    await user.click(renewal);

    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(posts(calls, "/account/add-to-basket/").map((call) => call.body)).toEqual([
      { FundId: 17, MembershipLevelId: 97, Action: 1, ConstituentId: 42, OrganisationConstituentId: 9000004, PlanType: "school-annual", NumberOfUsers: 6, RenewAutomatically: false },
    ]);
    expect(navigateTo).toHaveBeenCalledWith("/payments/sandbox/checkout/abc/");
  }, 20_000);

  it("11 users: contact us, and confirming says the number is over the maximum without a basket", async () => {
    const user = userEvent.setup();
    const calls = serverAnswering();
    resumeAt("confirmSubscriptionOther", "independent-school");
    const users = screen.getByLabelText("Number of users");
    await user.clear(users);
    await user.type(users, "11");
    expect(screen.getByText(/For 11 or more users, email/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "learning@greyfriars.example" })).toHaveAttribute("href", "mailto:learning@greyfriars.example");
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(screen.getByText("Selected number of users exceeds the maximum allowed for the selected plan.")).toBeVisible();
    expect(users).toHaveAccessibleDescription(expect.stringContaining("exceeds the maximum"));
    expect(posts(calls, "/account/add-to-basket/")).toEqual([]);
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it("Back from the plan choice shows the plans and the membership message again", async () => {
    const user = userEvent.setup();
    serverAnswering();
    resumeAt("schoolTypeAndSearch", "independent-school");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.click(await screen.findByRole("button", { name: "Choose a plan" }));
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("heading", { name: "This school has no active membership" })).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("Membership has expired, needs to be renewed");
  });

  it("an individual without a membership: the individual plans, and the monthly one goes in the basket for no organisation", async () => {
    const user = userEvent.setup();
    const calls = serverAnswering();
    resumeAt("schoolTypeAndSearch", "individual");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { name: "You don't have a membership" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("No membership found for the individual, needs to purchase one");
    expect(screen.getByRole("radio", { name: /^Individual, yearly\s*Annual plan £60.00\s*For you alone\s*Paid yearly$/ })).toBeChecked();
    expect(screen.queryByText(/or more users/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: /^Individual, pay monthly\s*Monthly plan £39.99\s*For you alone\s*Paid monthly$/ }));

    await user.click(screen.getByRole("button", { name: "Choose a plan" }));
    // The card chosen on the plans screen is the one chosen here.
    expect(screen.getByRole("radio", { name: /^Individual, pay monthly/ })).toBeChecked();
    // The monthly plan always renews: it says so, with no box to untick.
    expect(screen.getByText(/^The monthly plan renews each month from the same card/)).toBeInTheDocument();
    expect(screen.queryByRole("checkbox", { name: "Renew automatically each year" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: /^Individual, yearly/ }));
    expect(screen.getByRole("checkbox", { name: "Renew automatically each year" })).toBeChecked();
    await user.click(screen.getByRole("radio", { name: /^Individual, pay monthly/ }));
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(posts(calls, "/account/add-to-basket/")[0]!.body).toEqual({
      FundId: 17,
      MembershipLevelId: 99,
      Action: 1,
      ConstituentId: 42,
      OrganisationConstituentId: false,
      PlanType: "individual-monthly",
      NumberOfUsers: 1,
      RenewAutomatically: true,
    });
    expect(navigateTo).toHaveBeenCalledWith("/payments/sandbox/checkout/abc/");
  });

  it("a page without plans says to write instead", () => {
    serverAnswering();
    mountWizard({ constituentId: 42, plans: undefined, resume: { pathway: "individual", school: stCatherines, step: "noActiveSubscriptionIndividual" } });
    expect(screen.getByText(/Buying a membership online isn't available here/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Choose a plan" })).not.toBeInTheDocument();
  });

  it.each([
    ["a refused basket", { status: 500 }, "Failed to add subscription to basket. Please try again."],
    ["no REDIRECT link", { status: 201, body: { success: true, payment: { links: [] } } }, "Failed to add subscription to basket. Please try again."],
  ])("%s: the spec's message, and the button is usable again", async (_name, reply, message) => {
    const user = userEvent.setup();
    serverAnswering({ "POST /account/add-to-basket/": reply });
    resumeAt("confirmSubscriptionOther", "independent-school");
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.getByRole("button", { name: "Continue to payment" })).not.toHaveAttribute("aria-disabled");
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it("no answer at all: 'An error occurred while processing your subscription. Please try again.', the progress cleared", async () => {
    const user = userEvent.setup();
    serverAnswering();
    let fail: (error: Error) => void = () => undefined;
    const basket = new Promise<Response>((_resolve, reject) => (fail = reject));
    const answered = vi.fn(globalThis.fetch);
    vi.stubGlobal("fetch", (url: string, init: RequestInit) => (url.startsWith("/account/add-to-basket/") ? basket : answered(url, init)));
    resumeAt("confirmSubscriptionOther", "independent-school");
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(screen.getByRole("button", { name: "Please wait…" })).toHaveAttribute("aria-disabled", "true");
    await act(async () => fail(new TypeError("Failed to fetch")));
    expect(await screen.findByRole("alert")).toHaveTextContent("An error occurred while processing your subscription. Please try again.");
    expect(screen.getByRole("button", { name: "Continue to payment" })).not.toHaveAttribute("aria-disabled");
  });
});

describe("register wizard: back from the payment page", () => {
  it("approved for a school: processing, then done, linked to the school as its admin", async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const calls = serverAnswering({ "GET /account/cart/orders/": () => new Promise<Reply>((resolve) => (answer = resolve)) });
    mountWizard({ constituentId: 42, paymentStatus: "approved", sessionId: "abc" });
    expect(screen.getByRole("heading", { name: "Processing your payment" })).toBeInTheDocument();
    expect(screen.getByText("Your payment is being processed. Please do not close this window.")).toBeInTheDocument();
    expect(gets(calls, "/account/cart/orders/").map((call) => call.url)).toEqual(["/account/cart/orders/?sessionId=abc"]);

    await act(async () => answer({ status: 200, body: schoolOrder(97, { Id: 9000004, DisplayName: "St Catherine's College" }) }));
    expect(await screen.findByRole("heading", { name: "You're all set" })).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("Your payment is approved. You're now St Catherine's College's admin");
    expect(screen.getByText("Your account is linked to St Catherine's College.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continue" })).toHaveAttribute("href", "/account/my-account/");
    expect(sessionStorage.getItem("register-wizard")).toBeNull();
  });

  it("approved for the individual level and the user: done, with no school named", async () => {
    serverAnswering({ "GET /account/cart/orders/": { status: 200, body: schoolOrder(95, { Id: 42, DisplayName: "Ada Lovelace" }) } });
    mountWizard({ constituentId: 42, paymentStatus: "approved", sessionId: "abc" });
    expect(await screen.findByRole("heading", { name: "You're all set" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Your payment is approved.");
    expect(screen.queryByText(/linked to/)).not.toBeInTheDocument();
  });

  it("an order not confirmed yet is asked again after a wait", async () => {
    const wait = vi.spyOn(paymentCalls, "wait").mockResolvedValue(undefined);
    const unpaid = { status: 409, body: { errors: { __all__: ["Payment processing failed. Please try again."] } } };
    const calls = serverAnswering({ "GET /account/cart/orders/": [unpaid, unpaid, { status: 200, body: schoolOrder(95, { Id: 42, DisplayName: "Ada" }) }] });
    mountWizard({ constituentId: 42, paymentStatus: "approved", sessionId: "abc" });
    expect(await screen.findByRole("heading", { name: "You're all set" })).toBeInTheDocument();
    expect(gets(calls, "/account/cart/orders/")).toHaveLength(3);
    expect(wait).toHaveBeenCalledTimes(2);
  });

  it.each([
    ["never confirmed", [{ status: 409, body: {} }]],
    ["someone else's or unknown", [{ status: 404, body: {} }]],
  ])("an order %s: failed, with both payment messages", async (_name, replies) => {
    vi.spyOn(paymentCalls, "wait").mockResolvedValue(undefined);
    serverAnswering({ "GET /account/cart/orders/": replies });
    mountWizard({ constituentId: 42, paymentStatus: "approved", sessionId: "abc" });
    expect(await screen.findByRole("heading", { name: "Something went wrong with your payment" })).toHaveFocus();
    expect(screen.getByText("Your payment has failed, please try again.")).toHaveAttribute("role", "status");
    expect(screen.getByText("Payment processing failed. Please try again.")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("heading", { name: "Link your school" })).toHaveFocus();
  });

  it("approved without a signed-in user: somethingWentWrongWithPayment, and no order is asked for", () => {
    const calls = serverAnswering();
    mountWizard({ paymentStatus: "approved", sessionId: "abc" });
    expect(screen.getByRole("heading", { name: "Something went wrong with your payment" })).toBeInTheDocument();
    expect(gets(calls, "/account/cart/orders/")).toEqual([]);
  });

  it("declined: only the message, back at the plan the user chose", () => {
    const calls = serverAnswering();
    sessionStorage.setItem(
      "register-wizard",
      JSON.stringify({ step: "confirmSubscriptionOther", pathway: "independent-school", school: stCatherines, constituentId: 42, email: "", message: null, offer: null }),
    );
    mountWizard({ constituentId: 42, paymentStatus: "declined", sessionId: "abc" });
    expect(screen.getByText(/^Your payment was declined\./)).toHaveAttribute("role", "status");
    expect(screen.getByText(/^Your payment was declined\./)).toHaveTextContent("Nothing was charged.");
    expect(screen.getByRole("heading", { name: "Choose a membership" })).toBeInTheDocument();
    expect(gets(calls, "/account/cart/orders/")).toEqual([]);
  });

  it("cancelled: the spec's message, then that nothing was charged and what to do next, at the plan the user chose", () => {
    serverAnswering();
    sessionStorage.setItem(
      "register-wizard",
      JSON.stringify({ step: "confirmSubscriptionOther", pathway: "independent-school", school: stCatherines, constituentId: 42, email: "", message: null, offer: null }),
    );
    mountWizard({ constituentId: 42, paymentStatus: "cancelled", sessionId: "abc" });
    expect(screen.getByText(/^Your payment is cancelled\./)).toHaveTextContent(
      "Your payment is cancelled. Nothing was charged. Your plan is below: continue to payment when you're ready, or close this page and come back later. Your account is kept.",
    );
    expect(screen.getByRole("heading", { name: "Choose a membership" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue to payment" })).toBeInTheDocument();
  });
});
