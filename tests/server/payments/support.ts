import type { Kysely } from "kysely";
import type request from "supertest";
import type { Database } from "../../../server/db/schema";
import { createSandboxProvider } from "../../../server/payments/sandbox-provider";
import { createSubscription, type NewSubscription } from "../../../server/payments/subscriptions/subscription-ledger";
import { addPerson, browserOnLoginPage, freshToken, setEmailVerifiedAt, signInAs } from "../accounts/support";
import type { TestApp } from "../support/test-app";

type Agent = ReturnType<typeof request.agent>;

/** A spec basket item (section 3), with what the test changes. */
export function basketItem(constituentId: number, overrides: Record<string, unknown> = {}) {
  return {
    FundId: 17,
    MembershipLevelId: 95,
    Action: 1,
    ConstituentId: constituentId,
    OrganisationConstituentId: false,
    PlanType: "individual-annual",
    NumberOfUsers: 1,
    ...overrides,
  };
}

/** The session id in an add-to-basket answer's REDIRECT link. */
export function sessionIdIn(body: { payment: { links: { method: string; href: string }[] } }): string {
  const href = body.payment.links.find((link) => link.method === "REDIRECT")!.href;
  const id = /^\/payments\/sandbox\/checkout\/([A-Za-z0-9_-]+)\/$/.exec(href)?.[1];
  if (!id) throw new Error(`not a sandbox checkout link: ${href}`);
  return id;
}

/** Pays (or tries to) on the sandbox's hosted page, as a browser would. */
export async function payOnSandbox(agent: Agent, token: string, sessionId: string, cardNumber: string) {
  return agent.post(`/payments/sandbox/checkout/${sessionId}/`).type("form").send({ _csrf: token, cardNumber });
}

export async function orderRow(db: Kysely<Database>, sessionId: string) {
  return db.selectFrom("payment_orders").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow();
}

/** What the sandbox would send for this order's payment, signed with the app's key. */
export async function sandboxNotification(t: TestApp, sessionId: string, result: "approved" | "declined" | "cancelled") {
  const { provider_reference } = await orderRow(t.database.db, sessionId);
  return createSandboxProvider({ webhookSecret: t.config.paymentWebhookSecret }).notification(provider_reference!, result);
}

/** Everything a payment could change. */
export async function paymentRecords(db: Kysely<Database>) {
  return {
    orders: await db.selectFrom("payment_orders").select(["id", "status", "membership_id", "fulfilled_at"]).orderBy("id").execute(),
    fulfilments: await db.selectFrom("payment_fulfilments").selectAll().orderBy("order_id").execute(),
    memberships: await db.selectFrom("memberships").selectAll().orderBy("id").execute(),
    benefits: await db.selectFrom("membership_benefits").selectAll().orderBy("id").execute(),
    affiliations: await db.selectFrom("affiliations").selectAll().orderBy("id").execute(),
    mails: await db.selectFrom("mail_outbox").select("id").orderBy("id").execute(),
  };
}

/**
 * A signed-in browser for a new person with this address, ready to pay (its CSRF token fresh).
 * `verified`: the address is confirmed, as buying a school's first membership needs (with the school's domain).
 */
export async function signedInPayer(t: TestApp, email: string, options: { membershipExpiresAt?: Date; verified?: boolean } = {}) {
  const { verified, ...person } = options;
  const id = await addPerson(t.database.db, { email, ...person });
  if (verified) await setEmailVerifiedAt(t.database.db, id);
  const { agent, token } = await browserOnLoginPage(t.app);
  await signInAs(agent, token, email);
  return { id, email, agent, token: await freshToken(agent) };
}

export type Payer = Awaited<ReturnType<typeof signedInPayer>>;

/** Buys an individual yearly membership for the signed-in `constituentId` on the sandbox with the success card, as the wizard does. */
export async function checkoutAndPay(t: TestApp, agent: Agent, constituentId: number): Promise<void> {
  const token = await freshToken(agent);
  const basket = await agent.post("/account/add-to-basket/").set("X-CSRFToken", token).send(basketItem(constituentId));
  if (basket.status !== 201) throw new Error(`add-to-basket answered ${basket.status}: ${basket.text}`);
  const paid = await payOnSandbox(agent, token, sessionIdIn(basket.body), "4242 4242 4242 4242");
  if (paid.status !== 303) throw new Error(`the sandbox answered ${paid.status}: ${paid.text}`);
}

/** A sandbox plan renewing by card in the ledger, as a checkout records it: an individual annual plan unless `plan` says otherwise. Answers its id. */
export function addRenewingPlan(db: Kysely<Database>, plan: Pick<NewSubscription, "constituentId" | "membershipId" | "providerSubscriptionRef" | "currentPeriodEnd"> & Partial<NewSubscription>): Promise<number> {
  return createSubscription(db, {
    organisationId: null,
    planType: "individual-annual",
    levelId: 95,
    numberOfUsers: 1,
    amountPence: 4500,
    period: "year",
    provider: "sandbox",
    providerCustomerRef: "sbx_cus_charged",
    renews: true,
    ...plan,
  });
}
