import { emailProblem, normaliseEmail } from "../../domain/email";
import { pricePlan, type LevelTable, type PricedPlan } from "../../domain/plans";
import { addProblem, hasProblems, rawText, submittedRecord, trimmedText, type FieldProblems } from "../../domain/submitted-fields";
import { controlCharacterProblem } from "../../domain/text-input";

/*
 * "Pay by invoice" as typed on its form (docs/payments.md, "Pay by invoice"):
 * who the invoice goes to, where, an optional purchase-order number, and the
 * number of users, which prices the plan as the card checkout does. Read at
 * the edge; a refusal carries every field's problem and the form keeps what
 * was typed.
 */

export interface InvoiceRequest {
  contactName: string;
  contactEmail: string;
  /** The billing address, one line each, blank lines dropped. */
  addressLines: string[];
  purchaseOrder: string | null;
  plan: PricedPlan;
}

/** The form's fields as typed, for showing them again. */
export interface TypedInvoiceRequest {
  contactName: string;
  contactEmail: string;
  address: string;
  purchaseOrder: string;
  numberOfUsers: string;
}

export const INVOICE_FIELD_LIMITS = { contactName: 120, address: 400, addressLines: 6, purchaseOrder: 40 } as const;

export function typedInvoiceRequest(body: unknown): TypedInvoiceRequest {
  const record = submittedRecord(body);
  return {
    contactName: trimmedText(record, "contactName"),
    contactEmail: trimmedText(record, "contactEmail"),
    address: rawText(record, "address").replace(/\r\n?/g, "\n").trim(),
    purchaseOrder: trimmedText(record, "purchaseOrder"),
    numberOfUsers: trimmedText(record, "numberOfUsers"),
  };
}

export function readInvoiceRequest(typed: TypedInvoiceRequest, levels: LevelTable): InvoiceRequest | { problems: FieldProblems } {
  const problems: FieldProblems = {};
  const { contactName, purchaseOrder } = typed;
  const contactEmail = normaliseEmail(typed.contactEmail);

  if (contactName === "") addProblem(problems, "contactName", "Enter the name of the person who pays your school's invoices.");
  else if (contactName.length > INVOICE_FIELD_LIMITS.contactName) addProblem(problems, "contactName", `Shorten the name to ${INVOICE_FIELD_LIMITS.contactName} characters or fewer.`);
  else {
    const controls = controlCharacterProblem(contactName, "the name");
    if (controls) addProblem(problems, "contactName", controls);
  }

  const emailIssue = emailProblem(contactEmail);
  if (emailIssue) addProblem(problems, "contactEmail", typed.contactEmail === "" ? "Enter the email address the invoice should go to." : emailIssue);

  const addressLines = typed.address
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (addressLines.length === 0) addProblem(problems, "address", "Enter the billing address, with its postcode.");
  else if (addressLines.length > INVOICE_FIELD_LIMITS.addressLines || typed.address.length > INVOICE_FIELD_LIMITS.address) {
    addProblem(problems, "address", `Shorten the address to ${INVOICE_FIELD_LIMITS.addressLines} lines.`);
  } else {
    const controls = addressLines.map((line) => controlCharacterProblem(line, "the address")).find(Boolean);
    if (controls) addProblem(problems, "address", controls);
  }

  if (purchaseOrder.length > INVOICE_FIELD_LIMITS.purchaseOrder) {
    addProblem(problems, "purchaseOrder", `Shorten the purchase-order number to ${INVOICE_FIELD_LIMITS.purchaseOrder} characters or fewer.`);
  } else if (purchaseOrder !== "") {
    const controls = controlCharacterProblem(purchaseOrder, "the purchase-order number");
    if (controls) addProblem(problems, "purchaseOrder", controls);
  }

  const users = /^\d{1,3}$/.test(typed.numberOfUsers) ? Number(typed.numberOfUsers) : Number.NaN;
  const priced = pricePlan(levels, "school-annual", users);
  if ("field" in priced) addProblem(problems, "numberOfUsers", priced.message);

  if (hasProblems(problems) || "field" in priced) return { problems };
  return { contactName, contactEmail, addressLines, purchaseOrder: purchaseOrder === "" ? null : purchaseOrder, plan: priced };
}
