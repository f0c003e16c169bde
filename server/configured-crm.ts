import type { Config } from "./config";
import type { CrmIds, CrmPort } from "./crm";
import { createSqlCrm, createTessituraCrm } from "./crm/adapters";
import type { DatabaseHandle } from "./db/database";

/*
 * The configured CRM adapter (CRM_PROVIDER), for the composition roots: the
 * site's services (feature-services.ts, behind its circuit breaker) and the
 * commands that write the CRM (`npm run schools:import`). A module of its own
 * so that a command need not load the whole site to build it.
 */

/** The embedded CRM over `db`, or Tessitura with these ids. */
export function chosenCrm(config: Config, db: DatabaseHandle["db"], ids: CrmIds): CrmPort {
  if (config.crmProvider === "sql") return createSqlCrm(db, ids);
  return createTessituraCrm({
    connection: {
      // loadConfig refuses CRM_PROVIDER=tessitura without all six.
      baseUrl: config.tessituraBaseUrl!,
      user: config.tessituraUser!,
      userGroup: config.tessituraUserGroup!,
      machineLocation: config.tessituraMachineLocation!,
      password: config.tessituraPassword!,
    },
    ids,
    db,
    sale: { paymentMethodId: config.tessituraPaymentMethodId!, invoicePaymentMethodId: config.tessituraInvoicePaymentMethodId! },
    referenceDataRefreshMs: config.tessituraReferenceRefreshSeconds * 1000,
  });
}
