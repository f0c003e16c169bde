import { ACCOUNT_FORMS, type AccountDetails, type AccountForm, type AccountPageForm } from "../accounts";
import { NAME_PREFIXES } from "../domain/name-prefixes";
import type { FieldErrors } from "../http/errors";
import type { SchoolTab } from "../schools";
import type { InvoiceLine, OrderLine } from "../payments";
import type { JoinRequestRow } from "../requests";
import type { SavedResourceCard } from "../resources";
import type { RenewingPlan } from "../payments";

/**
 * The template context of templates/pages/account/my-account.njk: the
 * person's details, the options of each select, and each form's values,
 * errors and notice. Shaping only: every rule lives in the services.
 */

export interface FormState {
  values: Record<string, string>;
  errors?: FieldErrors;
  /** The success notice to show above the form. */
  notice?: string;
}

/** A form that failed: what was typed (passwords are dropped) and what is wrong. */
export interface FailedForm {
  form: AccountForm;
  submitted: unknown;
  errors: FieldErrors;
}

export interface MyAccountViewInput {
  account: AccountDetails;
  contactSubjects: readonly string[];
  /** The form whose success notice to show, after a plain form post. */
  notice?: AccountForm;
  failed?: FailedForm;
  /** The Saved resources tab's list, newest saved first. */
  savedResources?: readonly SavedResourceCard[];
  /** The School tab: the person's school, role and, for admins, its users and seats. */
  school?: SchoolTab;
  /** For an admin: the requests to join their school waiting on them (the School tab's "Requests to join"). */
  joinRequests?: readonly JoinRequestRow[];
  /** The Membership tab: the person's payments, newest first (server/payments/payments-service.ts). */
  orders?: readonly OrderLine[];
  /** For an admin: their school's invoices, newest first (the School tab). */
  schoolInvoices?: readonly InvoiceLine[];
  /** The new address an email change waits to confirm (its link not yet followed). */
  pendingEmail?: string;
  /** Whether the person gets membership reminders (the Profile tab's checkbox); true unless they opted out. */
  remindersWanted?: boolean;
  /** The person's plans that renew (the Membership tab). */
  renewingPlans?: readonly RenewingPlan[];
}

/** Where an Unsave in the Saved resources tab comes back to (a plain form post's `next`). */
export const SAVED_RESOURCES_TAB_PATH = "/account/my-account/#saved-resources";

/** Never sent back into a page, whatever was typed. */
const secretFields = new Set(["Password", "NewPassword", "ConfirmPassword", "_csrf"]);

export function myAccountView({ account, contactSubjects, notice, failed, savedResources = [], school, joinRequests = [], orders = [], schoolInvoices = [], pendingEmail, remindersWanted = true, renewingPlans = [] }: MyAccountViewInput) {
  const forms: Record<AccountPageForm, FormState> = {
    profile: { values: { Prefix: String(account.Prefix), FirstName: account.FirstName, LastName: account.LastName } },
    email: { values: { Email: "" } },
    password: { values: {} },
    contact: { values: { name: `${account.FirstName} ${account.LastName}`, email: account.Email, subject: "", message: "" } },
    reminders: { values: { reminders: remindersWanted ? "on" : "" } },
    renewal: { values: {} },
  };
  if (notice) forms[ACCOUNT_FORMS[notice].form].notice = ACCOUNT_FORMS[notice].notice;
  if (failed) {
    const form = ACCOUNT_FORMS[failed.form].form;
    forms[form] = { values: { ...forms[form].values, ...typedValues(failed.submitted) }, errors: failed.errors };
  }
  const shownForm = failed?.form ?? notice;
  return {
    account,
    prefixOptions: NAME_PREFIXES.map((prefix) => ({ value: String(prefix.id), text: prefix.label })),
    contactSubjectOptions: [{ value: "", text: "Choose a subject" }, ...contactSubjects.map((subject) => ({ value: subject, text: subject }))],
    forms,
    /** The tab to open when the address has no #hash: the one holding the form just sent. */
    initialTab: shownForm ? ACCOUNT_FORMS[shownForm].tab : undefined,
    savedResources,
    savedResourcesReturnPath: SAVED_RESOURCES_TAB_PATH,
    school,
    joinRequests,
    orders,
    schoolInvoices,
    pendingEmail,
    renewingPlans,
  };
}

function typedValues(submitted: unknown): Record<string, string> {
  if (submitted === null || typeof submitted !== "object") return {};
  const values: Record<string, string> = {};
  for (const [field, value] of Object.entries(submitted)) {
    if (typeof value === "string" && !secretFields.has(field)) values[field] = value;
  }
  return values;
}
