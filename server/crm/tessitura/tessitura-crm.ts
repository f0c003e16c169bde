import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { CrmIds } from "../crm-ids";
import type { CrmPort } from "../crm-port";
import { tessituraAffiliations } from "./affiliations";
import { configuredIdsCheck } from "./configured-ids";
import { tessituraConstituents } from "./constituents";
import { createTessituraClient, type TessituraClient, type TessituraConnection } from "./http-client";
import { tessituraMemberships, type MembershipSale } from "./memberships";
import { tessituraMembershipReports } from "./membership-reports";
import { tessituraMerge } from "./merge";
import { tessituraPeople } from "./people";
import { tessituraPeopleSearch } from "./people-search";
import { tessituraReferenceData } from "./reference-data";
import { tessituraSeatLedger } from "./seat-ledger";

/*
 * The CRM port over Tessitura's REST API (docs/crm.md, "The Tessitura
 * adapter"). Every port method is implemented; what Tessitura 15.2 cannot
 * do in one case (merging an organisation that holds memberships) throws
 * TessituraNotSupportedError, named in docs/crm.md.
 */

export { TessituraNotSupportedError } from "./not-supported";

export interface TessituraCrmOptions {
  connection: TessituraConnection;
  ids: CrmIds;
  /** The site's own database: the seat ledger (migration 0039). */
  db: Kysely<Database>;
  /** How a membership's payment is recorded in the web cart. */
  sale: MembershipSale;
  /** How long reference data (countries, states, and what the configured ids are checked against) is kept before it is fetched again. */
  referenceDataRefreshMs: number;
  /** A client for tests; made from `connection` otherwise. */
  client?: TessituraClient;
}

function seatsOnly(ledger: ReturnType<typeof tessituraSeatLedger>): Pick<CrmPort, "seatBenefits" | "claimSeat" | "releaseSeat"> {
  return { seatBenefits: ledger.seatBenefits, claimSeat: ledger.claimSeat, releaseSeat: ledger.releaseSeat };
}

export function createTessituraCrm(options: TessituraCrmOptions): CrmPort {
  const client = options.client ?? createTessituraClient(options.connection);
  // Made once: reference data is cached per process (tessituraReferenceData).
  const remote = {
    ...tessituraReferenceData(client, options.referenceDataRefreshMs),
    ...tessituraConstituents(client, options.ids),
    ...tessituraAffiliations(client),
    ...tessituraMerge(client),
  };
  // Every call first checks that Tessitura has the ids of crm-ids.ts (asked once, then each refresh interval).
  const configured = configuredIdsCheck(client, options.ids, options.referenceDataRefreshMs);
  const checked = (calls: Omit<CrmPort, "inTransaction">): Omit<CrmPort, "inTransaction"> =>
    Object.fromEntries(
      Object.entries(calls).map(([name, call]) => [
        name,
        async (...args: unknown[]) => {
          await configured();
          return (call as (...args: unknown[]) => Promise<unknown>)(...args);
        },
      ]),
    ) as unknown as Omit<CrmPort, "inTransaction">;
  const people = tessituraPeople(client, options.ids);
  /** The port with its site-database parts (the seat ledger, the membership holders, the reports over them) on `db`. */
  const onDatabase = (db: Kysely<Database>): CrmPort => {
    const ledger = tessituraSeatLedger(db);
    const memberships = tessituraMemberships(client, options.ids, db, ledger, options.sale);
    const reports = tessituraMembershipReports(client, options.ids, db, memberships.memberships);
    const { isMemberAt: _isMemberAt, memberIdsAt: _memberIdsAt, ...reportMethods } = reports;
    const crm: CrmPort = {
      ...checked({
        ...remote,
        ...people,
        ...tessituraPeopleSearch(client, people.personDetails, reports),
        ...memberships,
        ...reportMethods,
        ...seatsOnly(ledger),
      }),
      // Tessitura has no transactions to offer: a unit is its calls one after another (docs/crm.md). Its rows in
      // the site's database join the site's transaction when there is one, so they commit or roll back with it,
      // and on SQLite (one connection) never wait behind it.
      inTransaction: (work, unit) => work(unit?.joining ? onDatabase(unit.joining) : crm),
    };
    return crm;
  };
  return onDatabase(options.db);
}
