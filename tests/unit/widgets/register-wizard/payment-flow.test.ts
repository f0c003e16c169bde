import { HttpError, NetworkError } from "../../../../widgets/lib/http";
import { addToBasket, confirmOrder, isSafeRedirect, returnStart, type OrderDetails, type PaymentCalls } from "../../../../widgets/register-wizard/payment-flow";
import type { BasketItem } from "../../../../widgets/register-wizard/plan-choice";
import { registerWizardDefaultStrings as strings } from "../../../../widgets/register-wizard/strings";

const item: BasketItem = { FundId: 17, MembershipLevelId: 97, Action: 1, ConstituentId: 42, OrganisationConstituentId: 9000004, PlanType: "school-annual", NumberOfUsers: 6, RenewAutomatically: true };

function calls(overrides: Partial<PaymentCalls> = {}): PaymentCalls & { waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    addToBasket: async () => ({ success: true, payment: { links: [{ method: "GET", href: "/elsewhere/" }, { method: "REDIRECT", href: "/payments/sandbox/checkout/abc/" }] } }),
    order: async () => order(97, 9000004),
    wait: async (ms) => void waits.push(ms),
    ...overrides,
  };
}

function order(levelId: number, recipientId: number): OrderDetails {
  return {
    Products: [
      { ProductClass: { Description: "Donation" } },
      { ProductClass: { Description: "Membership" }, Membership: { Id: 5, MembershipLevel: { Id: levelId }, Recipient: { Id: recipientId, DisplayName: "St Catherine's College", SortName: "St Catherine's College" } } },
    ],
    Constituent: { Id: 42, DisplayName: "Ada", SortName: "Ada" },
    Status: "approved",
  };
}

describe("adding the plan to the basket", () => {
  it("sends the item and answers the REDIRECT link", async () => {
    const sent: BasketItem[] = [];
    const outcome = await addToBasket(item, calls({ addToBasket: async (body) => (sent.push(body), { success: true, payment: { links: [{ method: "REDIRECT", href: "https://checkout.stripe.com/c/pay/cs_1" }] } }) }), strings);
    expect(outcome).toEqual({ kind: "redirect", href: "https://checkout.stripe.com/c/pay/cs_1" });
    expect(sent).toEqual([item]);
    expect(await addToBasket(item, calls(), strings)).toEqual({ kind: "redirect", href: "/payments/sandbox/checkout/abc/" });
  });

  it.each([
    ["no success", { success: false, payment: { links: [{ method: "REDIRECT", href: "/pay/" }] } }],
    ["no REDIRECT link", { success: true, payment: { links: [{ method: "GET", href: "/pay/" }] } }],
    ["no payment", { success: true }],
    ["a javascript: link", { success: true, payment: { links: [{ method: "REDIRECT", href: "javascript:alert(1)" }] } }],
  ])("%s: 'Failed to add subscription to basket. Please try again.'", async (_name, answer) => {
    expect(await addToBasket(item, calls({ addToBasket: async () => answer }), strings)).toEqual({ kind: "error", message: strings.basketFailed });
  });

  it("a refused basket says it failed, or the server's refusal when it gives one; too many users is the field's message; no answer at all is the processing error", async () => {
    const refuse = (error: Error) => calls({ addToBasket: () => Promise.reject(error) });
    expect(await addToBasket(item, refuse(new HttpError(403, {}, "no")), strings)).toEqual({ kind: "error", message: strings.basketFailed });
    // Not allowed to buy for this school, or too small a plan: the server's sentence says what to do instead.
    const onlyTheAdmin = "Only this school's admin can buy or renew its membership. Ask them to do it, or contact us at staff@example.org.";
    expect(await addToBasket(item, refuse(new HttpError(403, { success: false, errors: { __all__: [onlyTheAdmin] } }, "no")), strings)).toEqual({ kind: "error", message: onlyTheAdmin });
    const tooSmall = "This school's membership covers up to 5 users, with 2 in use. A purchase can only renew or upgrade it: choose a plan for at least 5 users.";
    expect(await addToBasket(item, refuse(new HttpError(409, { success: false, errors: { __all__: [tooSmall] } }, "no")), strings)).toEqual({ kind: "error", message: tooSmall });
    expect(await addToBasket(item, refuse(new HttpError(400, { errors: { FundId: ["bad"] } }, "no")), strings)).toEqual({ kind: "error", message: strings.basketFailed });
    expect(await addToBasket(item, refuse(new HttpError(400, { errors: { NumberOfUsers: ["too many"] } }, "no")), strings)).toEqual({
      kind: "error",
      message: "Selected number of users exceeds the maximum allowed for the selected plan.",
      field: "NumberOfUsers",
    });
    expect(await addToBasket(item, refuse(new NetworkError("offline")), strings)).toEqual({
      kind: "error",
      message: "An error occurred while processing your subscription. Please try again.",
    });
  });

  it("only follows same-site paths and https addresses", () => {
    expect(isSafeRedirect("/payments/sandbox/checkout/x/")).toBe(true);
    expect(isSafeRedirect("https://checkout.stripe.com/x")).toBe(true);
    expect(isSafeRedirect("//evil.example/")).toBe(false);
    expect(isSafeRedirect("/\\evil.example/")).toBe(false);
    expect(isSafeRedirect("http://checkout.example/")).toBe(false);
    expect(isSafeRedirect("data:text/html,x")).toBe(false);
  });
});

describe("the return's paymentStatus", () => {
  it.each([
    [null, { kind: "none" }],
    ["approved", { kind: "process" }],
    ["declined", { kind: "message", status: "declined" }],
    ["cancelled", { kind: "message", status: "cancelled" }],
    ["inProgress", { kind: "failed" }],
    ["failed", { kind: "failed" }],
    ["APPROVED", { kind: "failed" }],
  ])("%s -> %j", (status, start) => {
    expect(returnStart(status)).toEqual(start);
  });
});

describe("confirming the order", () => {
  const input = { sessionId: "abc", constituentId: 42, individualLevelId: 95, individualMonthlyLevelId: 99 };
  const failed = { kind: "failed", message: "Payment processing failed. Please try again." };

  it("the individual level for the signed-in user: the individual's own membership", async () => {
    const asked: string[] = [];
    expect(await confirmOrder(input, calls({ order: async (id) => (asked.push(id), order(95, 42)) }), strings)).toEqual({ kind: "individual" });
    expect(asked).toEqual(["abc"]);
  });

  it("the monthly plan's own level is individual too", async () => {
    expect(await confirmOrder(input, calls({ order: async () => order(99, 42) }), strings)).toEqual({ kind: "individual" });
    // Without the page's monthly level id, a membership at it is not recognised as the individual's.
    expect(await confirmOrder({ ...input, individualMonthlyLevelId: null }, calls({ order: async () => order(99, 42) }), strings)).toMatchObject({ kind: "school" });
  });

  it("otherwise the recipient is the school", async () => {
    expect(await confirmOrder(input, calls(), strings)).toEqual({ kind: "school", school: { constituentId: 9000004, name: "St Catherine's College" } });
    // The individual level bought for someone else is not the user's own.
    expect(await confirmOrder(input, calls({ order: async () => order(95, 9000004) }), strings)).toMatchObject({ kind: "school" });
  });

  it("without a sessionId, or an order without a membership, fails", async () => {
    let asked = 0;
    expect(await confirmOrder({ ...input, sessionId: null }, calls({ order: async () => (asked++, order(95, 42)) }), strings)).toEqual(failed);
    expect(asked).toBe(0);
    expect(await confirmOrder(input, calls({ order: async () => ({ Products: [], Constituent: { Id: 42 } }) }), strings)).toEqual(failed);
    expect(await confirmOrder(input, calls({ order: async () => ({ Products: [{ ProductClass: { Description: "Membership" } }], Constituent: { Id: 42 } }) }), strings)).toEqual(failed);
  });

  it("another answer than 409 fails at once", async () => {
    const fake = calls({ order: () => Promise.reject(new HttpError(404, {}, "unknown")) });
    expect(await confirmOrder(input, fake, strings)).toEqual(failed);
    expect(fake.waits).toEqual([]);
    expect(await confirmOrder(input, calls({ order: () => Promise.reject(new NetworkError("offline")) }), strings)).toEqual(failed);
  });

  it("409 (not confirmed yet) is asked again after each wait, longer each time, until it answers", async () => {
    let answers = 0;
    const fake = calls({ order: async () => (++answers < 3 ? Promise.reject(new HttpError(409, {}, "unpaid")) : order(95, 42)) });
    expect(await confirmOrder(input, fake, strings, [10, 20, 40])).toEqual({ kind: "individual" });
    expect(fake.waits).toEqual([10, 20]);
    expect(answers).toBe(3);
  });

  it("still 409 after every wait: fails", async () => {
    let answers = 0;
    const fake = calls({ order: () => (answers++, Promise.reject(new HttpError(409, {}, "unpaid"))) });
    expect(await confirmOrder(input, fake, strings)).toEqual(failed);
    expect(fake.waits).toEqual([500, 1000, 2000, 4000]);
    expect(answers).toBe(5);
  });
});
