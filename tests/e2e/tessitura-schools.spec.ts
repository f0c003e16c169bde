import { expect, type Locator, type Page, test } from "@playwright/test";
import { tessituraBaseURL } from "../../playwright.config";
import { CRM_IDS } from "../../server/crm/crm-ids";
import { STAND_IN_SALE } from "../server/crm/tessitura/stand-in-settings";
import { openMailboxFor } from "./support/mailbox";
import { expectSchoolInvoiceSent } from "./support/my-account";
import { enrol, latestMailTo, staffCreate, tessituraSite, uniqueStaffEmail } from "./support/staff";
import { affiliationsAt, checkedOutFor, londonDate, receiptOf, swaggerCheckedRequests } from "./support/tessitura";
import { checkOutInSandbox, toSchoolPlanChoice } from "./support/wizard";

/*
 * A school's plan bought on a site whose CRM is Tessitura (issue 30), on the
 * Tessitura e2e server against the stand-in TessituraService
 * (playwright.config.ts; every exchange checked against Tessitura's Swagger
 * description). The demo register's independent schools are in that
 * Tessitura with their email domains (docs/content.md, "Demo content on
 * Tessitura"), with no membership and no admin: a teacher with a verified
 * address at a school's domain buys its first membership (docs/payments.md).
 * 1. By card in the payments sandbox: the teacher is the school's admin, one
 *    contribution of the plan's price was checked out for the school at the
 *    seat level covering its users, with the payment under the provider's
 *    reference; then finance staff find the school and its admin in the back
 *    office and refund the order in full, which ends the membership.
 * 2. By invoice: the membership is given at once (in Tessitura a
 *    contribution of the price with an invoice payment of it: owed),
 *    finance marks the invoice paid in the back office, and later records
 *    its refund (a bank transfer), which ends the membership.
 * Each journey its own school, so they run side by side on one seeded site.
 */

test.use({ baseURL: tessituraBaseURL });

/** CRM_ENV=test's ids (server/crm/crm-ids.ts): the ten-seat level (the smallest covering 6 users) and the five-seat one (covering 4), the fund, the admin affiliation type. */
const testIds = CRM_IDS.test;
const seatLevelOf = (seats: number) => testIds.membershipLevels.seatLevels.find((level) => level.seats === seats)!.id;
const tenSeatLevel = seatLevelOf(10);
const fiveSeatLevel = seatLevelOf(5);
const { fundId } = testIds;
const adminAffiliationType = testIds.affiliationTypes.admin;
/** TESSITURA_PAYMENT_METHOD_ID and TESSITURA_INVOICE_PAYMENT_METHOD_ID of the Tessitura site (playwright.config.ts). */
const { paymentMethodId, invoicePaymentMethodId } = STAND_IN_SALE;

const noCheck = async (): Promise<void> => undefined;

async function schoolIdOf(page: Page, urn: string): Promise<number> {
  const answer = await page.request.get(`/account/school-search/?query=${urn}`);
  return (await answer.json()).hits[0].constituentId as number;
}

/** The definition of a term in a description list within `scope`. */
function definitionOf(scope: Locator, term: string): Locator {
  return scope.locator("dl > div").filter({ has: scope.page().locator("dt", { hasText: new RegExp(`^${term}$`) }) }).locator("dd");
}

/** A finance staffer of the Tessitura site, enrolled in a browser of their own, in the back office. */
async function financeInTheBackOffice(page: Page): Promise<Page> {
  const staff = await (await page.context().browser()!.newContext({ baseURL: tessituraBaseURL })).newPage();
  await enrol(staff, await staffCreate(uniqueStaffEmail("tessitura-finance"), "finance", tessituraSite), noCheck);
  await staff.getByRole("link", { name: "Continue to the back office" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  return staff;
}

test("on Tessitura: a teacher buys Leicester Preparatory School's plan for 6 users by card and is its admin; staff find the school and its admin in the back office and refund the order, which ends the membership", async ({ page, request }) => {
  // A sign-up (full-cost password hashing), the mailbox, the hosted page, a staff enrolment in a second browser, each step through the stand-in.
  test.setTimeout(300_000);
  const school = { urn: "9000016", name: "Leicester Preparatory School", domain: "leicesterprep.org.uk" };
  const email = await toSchoolPlanChoice(page, school.urn, school.name, school.domain, 6, noCheck);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/checkout\//);
  await expect(page.getByRole("heading", { level: 1, name: "£400.00" })).toBeVisible();
  const started = new Date();
  await checkOutInSandbox(page, "4242 4242 4242 4242", noCheck);
  await expect(page.getByRole("heading", { name: "You're all set" })).toBeFocused();
  await expect(page.getByText("Your payment is approved.").first()).toBeVisible();
  await expect(page.getByText(`Your account is linked to ${school.name}.`)).toBeVisible();
  const finished = new Date();

  // Tessitura holds one contribution for the school: £400 at the ten-seat level, paid by the provider's payment.
  const schoolId = await schoolIdOf(page, school.urn);
  const receipt = await receiptOf(page, email);
  expect(receipt.amount).toBe("£400.00");
  const sales = await checkedOutFor(request, { constituentId: schoolId });
  expect(sales).toHaveLength(1);
  const [sale] = sales;
  expect(sale!.contribution).toEqual({ Amount: 400, FundId: fundId, MembershipLevelId: tenSeatLevel, Renew: false });
  expect(sale!.payments).toEqual([{ Amount: 400, PaymentMethodId: paymentMethodId, Notes: receipt.reference }]);
  expect(sale!.membership?.MembershipLevel.Id).toBe(tenSeatLevel);
  const until = londonDate(new Date(sale!.membership!.ExpirationDate));
  expect([londonDate(new Date(started.getTime() + 365 * 86_400_000)), londonDate(new Date(finished.getTime() + 365 * 86_400_000))]).toContain(until);
  // The teacher bought nothing of their own: no contribution for them.
  expect(await checkedOutFor(request, { email })).toEqual([]);

  // The dashboard and My account: the school's membership, the teacher its admin, the seats it gave.
  await page.goto("/account/dashboard/");
  const card = page.locator(".dashboard__card", { has: page.getByRole("heading", { name: "School" }) });
  await expect(card).toContainText(school.name);
  await expect(card).toContainText(`Valid until ${until}`);
  await page.goto("/account/my-account/#school");
  const tab = page.getByRole("tabpanel", { name: "School" });
  await expect(tab).toContainText(school.name);
  await expect(tab.getByRole("definition").filter({ hasText: /^Admin$/ })).toBeVisible();
  // Ten user seats (the level's ceiling), none taken yet; the teacher holds one of the unlimited admin seats.
  await expect(definitionOf(tab, "User seats")).toHaveText("0 / 10");
  await expect(definitionOf(tab, "Admin seats")).toHaveText("Unlimited");
  await expect(tab.getByRole("table", { name: "Your school's users" }).getByRole("row", { name: /Nia Okafor \(you\)/ })).toContainText("Admin seat");
  await expect(page.locator(".account-page__standing")).toContainText(`at ${school.name}: its membership is valid until ${until}`);

  // In Tessitura the teacher is the school's admin (an affiliation of the admin type), until the membership ends.
  const [admin, ...others] = await affiliationsAt(request, schoolId);
  expect(others).toEqual([]);
  expect(admin).toMatchObject({ AffiliationTypeId: adminAffiliationType, EndDate: null });

  // Finance staff find the school by its URN: its membership, ten user seats, and the teacher as its admin.
  const staff = await financeInTheBackOffice(page);
  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Schools" }).click();
  await staff.getByLabel("Name, URN, postcode or email domain").fill(school.urn);
  await staff.getByRole("button", { name: "Find schools" }).click();
  await staff.getByRole("link", { name: school.name }).click();
  await expect(staff.getByRole("heading", { level: 1, name: school.name })).toBeVisible();
  const membership = staff.getByRole("region", { name: "Membership" });
  await expect(membership).toContainText(`to ${until}`);
  await expect(definitionOf(membership, "User seats")).toHaveText("0 of 10 used, 10 free");
  await expect(definitionOf(membership, "Admin seats")).toHaveText("1 used, unlimited");
  const people = staff.getByRole("region", { name: "People" });
  await expect(people.getByRole("row").filter({ hasText: "Nia Okafor" })).toContainText("Admin (holds a seat)");
  const personPath = new URL((await people.getByRole("link", { name: "Nia Okafor" }).getAttribute("href"))!, tessituraBaseURL).pathname;

  // And the teacher from People, by their email address (Tessitura's constituent search): the same person.
  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "People" }).click();
  await staff.getByLabel("Name or email address").fill(email);
  await staff.getByRole("button", { name: "Find people" }).click();
  await expect(staff.getByRole("heading", { level: 2, name: `1 person matching “${email}”` })).toBeVisible();
  const found = staff.getByRole("row").filter({ hasText: email });
  await expect(found.getByRole("link", { name: "Okafor, Nia" })).toHaveAttribute("href", personPath);
  await found.getByRole("link", { name: "Okafor, Nia" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: /Nia Okafor/ })).toBeVisible();
  await expect(staff.getByRole("region", { name: "Schools" })).toContainText(`${school.name}: Admin`);
  const orders = staff.getByRole("region", { name: "Orders" });
  await expect(orders).toContainText("£400.00");

  // The order, from Orders: refunded in full, the membership ended with it.
  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" }).click();
  await staff.getByRole("row").filter({ hasText: `for ${school.name}` }).getByRole("link").first().click();
  await expect(staff.getByRole("heading", { level: 1 })).toContainText("Order");
  const refunds = staff.getByRole("region", { name: "Refunds" });
  await expect(refunds).toContainText("None.");
  await expect(refunds.getByLabel("Amount to refund, in pounds")).toHaveValue("400.00");
  await expect(refunds.getByLabel("Ends now, and every seat in it is given back")).toBeChecked();
  await refunds.getByRole("button", { name: "Refund" }).click();
  await staff.getByRole("dialog").getByRole("button", { name: "Refund" }).click();
  await expect(staff.getByRole("status")).toHaveText("£400.00 refunded, and the membership ended. The payer has been sent a receipt.");
  await expect(staff.getByRole("region", { name: "Refunds" })).toContainText(/£400\.00 on \d{1,2} \w+ \d{4}, from the back office; the membership ended/);

  // The school's page: no current membership, and nobody holds its seats.
  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Schools" }).click();
  await staff.getByLabel("Name, URN, postcode or email domain").fill(school.urn);
  await staff.getByRole("button", { name: "Find schools" }).click();
  await staff.getByRole("link", { name: school.name }).click();
  await expect(staff.getByRole("region", { name: "Membership" })).toContainText("No current membership.");
  await staff.context().close();

  // The teacher: told by email, and My account no longer gives them the school's membership.
  await expect.poll(() => latestMailTo(email, tessituraSite)).toContain("We have refunded £400.00 of your payment.");
  expect(await latestMailTo(email, tessituraSite)).toContain("The membership this payment gave has ended with the refund.");
  await openMailboxFor(page, email);
  await expect(page.getByRole("row").filter({ hasText: email }).filter({ hasText: /Your refund from/ })).toBeVisible();
  // Every seat was given back, the admin's too: the teacher is no longer at the school, and has no membership through it.
  await page.goto("/account/my-account/#school");
  await expect(page.getByRole("tabpanel", { name: "School" })).toContainText("Your account is not linked to a school.");
  await expect(page.locator(".account-page__standing")).not.toContainText(school.name);
  await page.goto("/account/dashboard/");
  await expect(page.locator(".dashboard__card", { has: page.getByRole("heading", { name: "School" }) })).not.toContainText(school.name);

  // In Tessitura the admin's affiliation now ends with the refund (PUT /CRM/Affiliations/{id}).
  const [ended] = await affiliationsAt(request, schoolId);
  expect(ended!.IndividualConstituentId).toBe(admin!.IndividualConstituentId);
  expect(Date.parse(ended!.EndDate!)).toBeLessThanOrEqual(Date.now());

  // Tessitura: still the one contribution, nothing checked out by the refund (the refund is the provider's: the box
  // office reverses the contribution by hand, docs/crm.md "Ending a membership now").
  expect(await checkedOutFor(request, { constituentId: schoolId })).toEqual(sales);
  await swaggerCheckedRequests(request);
});

test("on Tessitura: a teacher orders Belmont Preparatory School's plan for 4 users by invoice, is its admin with the membership at once; finance marks the invoice paid, then records its refund, which ends the membership", async ({ page, request }) => {
  // A sign-up (full-cost password hashing), the mailbox, a staff enrolment in a second browser, each step through the stand-in.
  test.setTimeout(300_000);
  const school = { urn: "9000289", name: "Belmont Preparatory School", domain: "belmontprep.org.uk" };
  await toSchoolPlanChoice(page, school.urn, school.name, school.domain, 4, noCheck);
  await page.getByRole("link", { name: "Or pay by invoice, with a purchase-order number, within 30 days" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pay by invoice" })).toBeVisible();
  await expect(page.getByLabel("Up to 5 users: £250.00 a year")).toBeChecked();
  await expect(page.getByLabel("Billing address")).toHaveValue(new RegExp(school.name));
  await page.getByLabel("Billing contact's name").fill("Sam Okoro");
  await page.getByLabel("Billing contact's email address").fill(`bursar@${school.domain}`);
  await page.getByLabel("Purchase-order number (optional)").fill("PO-T30-7");
  await page.getByRole("button", { name: "Send the invoice" }).click();

  // The membership at once, the teacher its admin, the invoice open.
  const invoices = await expectSchoolInvoiceSent(page, school, "PO-T30-7");
  const number = /INV-\d{6}/.exec((await invoices.getByRole("link", { name: /^Download \(PDF\) invoice INV-\d{6}$/ }).textContent()) ?? "")![0];
  await expect(page.locator(".account-page__standing")).toContainText(new RegExp(`at ${school.name}: its membership is valid until \\d{1,2} [A-Z][a-z]+ \\d{4}`));

  // Tessitura: one contribution for the school at the five-seat level, of its price, owed: an invoice payment of £250 under
  // the order's reference, and no payment taken.
  const schoolId = await schoolIdOf(page, school.urn);
  const issued = await checkedOutFor(request, { constituentId: schoolId });
  expect(issued).toHaveLength(1);
  const [sale] = issued;
  expect(sale!.contribution).toEqual({ Amount: 250, FundId: fundId, MembershipLevelId: fiveSeatLevel, Renew: false });
  expect(sale!.payments).toEqual([]);
  expect(sale!.invoices).toEqual([{ Amount: 250, PaymentMethodId: invoicePaymentMethodId, Notes: expect.stringMatching(/^invoice_[A-Za-z0-9_-]{16}$/) }]);
  expect(sale!.membership?.MembershipLevel.Id).toBe(fiveSeatLevel);
  const until = londonDate(new Date(sale!.membership!.ExpirationDate));
  await expect(page.locator(".account-page__standing")).toContainText(`at ${school.name}: its membership is valid until ${until}`);

  // Finance marks it paid on its order's page.
  const staff = await financeInTheBackOffice(page);
  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" }).click();
  await staff.getByRole("row").filter({ hasText: `for ${school.name}` }).getByRole("link").first().click();
  // The order's reference (the sandbox's column) is the one Tessitura's invoice payment carries: finance can match the two.
  await expect(staff.getByRole("region", { name: "The order" })).toContainText(sale!.invoices[0]!.Notes);
  const invoice = staff.getByRole("region", { name: `Invoice ${number}` });
  await expect(invoice).toContainText("PO-T30-7");
  await invoice.getByLabel("How it was paid (optional)").fill("BACS, statement ref BELM-T30");
  await invoice.getByRole("button", { name: `Mark invoice ${number} paid` }).click();
  await expect(staff.getByText(`Invoice ${number} is marked paid. The billing contact has been thanked by email.`)).toBeVisible();
  await expect(staff.getByRole("region", { name: `Invoice ${number}` })).toContainText(/Paid on \d{1,2} \w+ \d{4}/);
  expect(await latestMailTo(`bursar@${school.domain}`, tessituraSite)).toContain(`We have received the payment of invoice ${number}`);

  // The school keeps its membership; My account shows the invoice paid.
  await page.reload();
  await expect(page.getByRole("tabpanel", { name: "School" }).getByRole("table", { name: "Invoices" })).toContainText(/Paid on \d{1,2} [A-Z][a-z]+ \d{4}/);
  await expect(page.locator(".account-page__standing")).toContainText(`at ${school.name}: its membership is valid until ${until}`);

  // Tessitura after: as it was. Nothing more is checked out; the invoice's balance stays owed there until finance record the
  // school's payment in Tessitura itself (15.2's REST API has no call that pays an order already checked out: docs/crm.md).
  expect(await checkedOutFor(request, { constituentId: schoolId })).toEqual(issued);

  // The school asks for its money back: finance make the bank transfer and record the refund, which ends the membership.
  const refunds = staff.getByRole("region", { name: "Refunds" });
  await expect(refunds.getByLabel("Amount to refund, in pounds")).toHaveValue("250.00");
  await expect(refunds.getByLabel("Ends now, and every seat in it is given back")).toBeChecked();
  await refunds.getByRole("button", { name: "Record the refund" }).click();
  await staff.getByRole("dialog").getByRole("button", { name: "Record the refund" }).click();
  await expect(staff.getByRole("region", { name: "Refunds" })).toContainText(/£250\.00 on \d{1,2} \w+ \d{4}, from the back office; the membership ended/);
  await staff.context().close();
  await page.reload();
  await expect(page.getByRole("tabpanel", { name: "School" })).toContainText("Your account is not linked to a school.");
  const [admin, ...others] = await affiliationsAt(request, schoolId);
  expect(others).toEqual([]);
  expect(admin).toMatchObject({ AffiliationTypeId: adminAffiliationType });
  expect(Date.parse(admin!.EndDate!)).toBeLessThanOrEqual(Date.now());
  // Tessitura still as it was: the box office reverses the contribution there (docs/crm.md, "Ending a membership now").
  expect(await checkedOutFor(request, { constituentId: schoolId })).toEqual(issued);
  await swaggerCheckedRequests(request);
});
