/*
 * How a site reaches the stand-in TessituraService (stand-in.ts): its API
 * user's credentials, the payment methods its sales are recorded with, and
 * the environment that puts a site's CRM on it. A module of its own, free of
 * the stand-in's server and Swagger checker, so that playwright.config.ts and
 * the e2e specs can read it.
 */

export const STAND_IN_CREDENTIALS = { user: "webapi", userGroup: "webapi", machineLocation: "site", password: "s3cret" };
/** The payment methods a site on the stand-in records its sales with (TESSITURA_PAYMENT_METHOD_ID, TESSITURA_INVOICE_PAYMENT_METHOD_ID). */
export const STAND_IN_SALE = { paymentMethodId: 12, invoicePaymentMethodId: 14 };

/** The settings that put a site's CRM on the stand-in at `baseUrl` (CRM_PROVIDER=tessitura; docs/crm.md), with the test id set. */
export function standInSettings(baseUrl: string, crmEnv: "test" | "production" = "test"): Record<string, string> {
  return {
    CRM_PROVIDER: "tessitura",
    CRM_ENV: crmEnv,
    TESSITURA_BASE_URL: baseUrl,
    TESSITURA_USER: STAND_IN_CREDENTIALS.user,
    TESSITURA_USER_GROUP: STAND_IN_CREDENTIALS.userGroup,
    TESSITURA_MACHINE_LOCATION: STAND_IN_CREDENTIALS.machineLocation,
    TESSITURA_PASSWORD: STAND_IN_CREDENTIALS.password,
    TESSITURA_PAYMENT_METHOD_ID: String(STAND_IN_SALE.paymentMethodId),
    TESSITURA_INVOICE_PAYMENT_METHOD_ID: String(STAND_IN_SALE.invoicePaymentMethodId),
  };
}

/**
 * When a membership that starts at `from` ends under a level whose Expiry is
 * `months` (the stand-in's level rule, as Tessitura dates one): the same day
 * of the month that many months on, or that month's last day when it has no
 * such day.
 */
export function monthsAfter(from: Date, months: number): Date {
  const until = new Date(from.getTime());
  until.setUTCDate(1);
  until.setUTCMonth(until.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(until.getUTCFullYear(), until.getUTCMonth() + 1, 0)).getUTCDate();
  until.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return until;
}
