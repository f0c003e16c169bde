import { CRM_IDS } from "../../../server/crm/crm-ids";
import type { CrmPort } from "../../../server/crm/crm-port";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { crmPortContract, type CrmHarness } from "./port-contract";

/* The shared CRM-port behaviour (port-contract.ts) against the embedded SQL adapter. */

describe.each(databaseEngines)("the CRM port contract: the embedded CRM on %s", (engine) => {
  let database: TestDatabase;
  let harness: CrmHarness;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const crm: CrmPort = createSqlCrm(database.db, CRM_IDS.test);
    harness = {
      crm,
      async addPerson(FirstName, LastName, Email) {
        const created = await crm.createPerson({ FirstName, LastName, Email, Phone: "", PrefixId: -1 }, new Date());
        if (!created) throw new Error("person not created");
        return created.Id;
      },
      async addMembership(constituentId, levelId, initiation, expiration, seats = []) {
        return (await crm.createMembership({ constituentId, levelId, initiation, expiration, seats })).Id;
      },
      violations: () => [],
    };
  });
  afterAll(() => database.dispose());

  crmPortContract(() => harness);
});
