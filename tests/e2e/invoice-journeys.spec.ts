import { expect, test } from "@playwright/test";
import { checkStep, widths } from "./support/journeys";
import { expectSchoolInvoiceSent } from "./support/my-account";
import { enrol, latestMailTo, staffCreate, uniqueStaffEmail } from "./support/staff";
import { toSchoolPlanChoice } from "./support/wizard";

/*
 * A school pays by invoice (issue 29, "Proven by": a school admin pays by
 * invoice with a PO number and downloads the PDF). A teacher at an
 * independent school with no membership chooses its plan in the wizard,
 * follows "Or pay by invoice", fills in the billing contact and a PO number,
 * and lands on the School tab as its admin, with the membership started and
 * the invoice listed; the PDF downloads. A finance staffer then finds the
 * order in the back office and marks the invoice paid; the billing contact
 * is thanked. Every step is checked with axe at its width. Each width orders for its own school (fixtures/content/schools.yaml).
 */

const schools = {
  "1280 px": { urn: "9000289", name: "Belmont Preparatory School", domain: "belmontprep.org.uk" },
  "375 px": { urn: "9000298", name: "Headingley Preparatory School", domain: "headingleyprep.org.uk" },
} as const;

for (const { label, width, height } of widths) {
  test.describe(`paying by invoice at ${label}`, () => {
    test.use({ viewport: { width, height } });

    test("a teacher orders the school's membership by invoice with a PO number, becomes its admin and downloads the invoice; finance marks it paid", async ({ page, browser }) => {
      // A sign-up (full-cost password hashing), the mailbox, a staff enrolment, two browsers, and axe on every step.
      test.setTimeout(360_000);
      const school = schools[label];
      const email = await toSchoolPlanChoice(page, school.urn, school.name, school.domain, 4, checkStep);
      await page.getByRole("link", { name: "Or pay by invoice, with a purchase-order number, within 30 days" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Pay by invoice" })).toBeVisible();
      // The plan chosen in the wizard (4 users: the plan for up to 5) and the teacher's own address come prefilled.
      await expect(page.getByLabel("Up to 5 users: £250.00 a year")).toBeChecked();
      await expect(page.getByLabel("Billing contact's email address")).toHaveValue(email);
      await expect(page.getByLabel("Billing address")).toHaveValue(new RegExp(school.name));
      await checkStep(page);

      // A mistake first: the form comes back with the problem and what was typed.
      await page.getByLabel("Billing contact's name").fill("");
      await page.getByLabel("Purchase-order number (optional)").fill("PO-2027-118");
      await page.getByRole("button", { name: "Send the invoice" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
      await expect(page.getByLabel("Purchase-order number (optional)")).toHaveValue("PO-2027-118");
      await checkStep(page);

      await page.getByLabel("Billing contact's name").fill("Sam Okoro");
      await page.getByLabel("Billing contact's email address").fill(`bursar@${school.domain}`);
      await page.getByRole("button", { name: "Send the invoice" }).click();

      const invoices = await expectSchoolInvoiceSent(page, school, "PO-2027-118");
      await expect(invoices).toContainText(/Due \d{1,2} \w+ \d{4}/);
      await checkStep(page);

      const download = invoices.getByRole("link", { name: /^Download \(PDF\) invoice INV-\d{6}$/ });
      const pdf = await page.request.get((await download.getAttribute("href"))!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const number = /INV-\d{6}/.exec((await download.textContent()) ?? "")![0];

      // Finance sees the invoice on its order's page and marks it paid, with a note of the transfer.
      const staff = await (await browser.newContext({ viewport: { width, height } })).newPage();
      await enrol(staff, await staffCreate(uniqueStaffEmail("finance"), "finance"), async () => {});
      await staff.getByRole("link", { name: "Continue to the back office" }).click();
      await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" }).click();
      await staff.getByRole("row").filter({ hasText: `for ${school.name}` }).getByRole("link").first().click();
      const invoice = staff.getByRole("region", { name: `Invoice ${number}` });
      await expect(invoice).toContainText(`bursar@${school.domain}`);
      await expect(invoice).toContainText("PO-2027-118");
      await checkStep(staff);
      await invoice.getByLabel("How it was paid (optional)").fill("BACS, statement ref BELM-118");
      await invoice.getByRole("button", { name: `Mark invoice ${number} paid` }).click();
      await expect(staff.getByText(`Invoice ${number} is marked paid. The billing contact has been thanked by email.`)).toBeVisible();
      await expect(staff.getByRole("region", { name: `Invoice ${number}` })).toContainText(/Paid on \d{1,2} \w+ \d{4}/);
      await checkStep(staff);
      expect(await latestMailTo(`bursar@${school.domain}`)).toContain(`We have received the payment of invoice ${number}`);
    });
  });
}
