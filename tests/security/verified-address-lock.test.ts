import { sql } from "kysely";
import { markEmailVerified } from "../../server/accounts";
import { correctUnconfirmedAddress } from "../../server/accounts/unconfirmed-address";
import { credentialsOf } from "../../server/accounts/credentials";
import { CRM_IDS } from "../../server/crm/crm-ids";
import type { CrmPort } from "../../server/crm/crm-port";
import { createSqlCrm } from "../../server/crm/sql-crm";
import { inTransaction } from "../../server/db/transactions";
import { addPerson } from "../server/accounts/support";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../server/support/databases";

/*
 * The verified-address guards (issue 22 item 2, docs/crm.md "Seats, admins
 * and verified email") write the proof in a CRM unit that joins the site's
 * transaction and holds the person's lock until it commits. Here the
 * verification is held open on purpose, and an address change started
 * meanwhile must wait for it: on PostgreSQL it is seen waiting on a row lock
 * (the invite race test cannot show that deterministically); on SQLite the
 * one connection serves one transaction at a time. Either way the change
 * lands only after the proof commits, and the correction then sees the proof.
 */
describe.each(databaseEngines)("the verified-address guard's lock on %s", (engine) => {
  let database: TestDatabase;
  let crm: CrmPort;
  const now = new Date("2026-11-20T10:00:00.000Z");

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    crm = createSqlCrm(database.db, CRM_IDS.test);
  });
  afterAll(() => database.dispose());

  /** Statements of this database waiting on a lock (PostgreSQL); SQLite has none to see. */
  async function lockWaiters(): Promise<number> {
    if (engine !== "postgres") return 1;
    const { rows } = await sql<{ waiting: string }>`
      select count(*) as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
    return Number(rows[0]!.waiting);
  }

  /** Runs markEmailVerified in a transaction that stays open until the answer's release() is called. */
  async function verificationHeldOpen(personId: number, email: string) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let marked: boolean | undefined;
    const committed = inTransaction(database.db, async (trx) => {
      marked = await markEmailVerified(trx, crm, personId, email, now);
      await gate;
    });
    await vi.waitFor(() => expect(marked).toBe(true));
    return { release, committed };
  }

  it("holds an address change until the proof of the old address has committed", async () => {
    const personId = await addPerson(database.db, { email: "held@example.org" });
    const verifying = await verificationHeldOpen(personId, "held@example.org");
    const order: string[] = [];
    const changing = crm.changePrimaryEmail(personId, "moved@example.org", now).then((changed) => {
      order.push("changed");
      return changed;
    });
    await vi.waitFor(async () => expect(await lockWaiters()).toBeGreaterThan(0));
    order.push("released");
    verifying.release();
    await verifying.committed;
    expect(await changing).toBe(true);
    expect(order).toEqual(["released", "changed"]);
  });

  it("makes a correction of the unconfirmed address wait, then answer that the address is confirmed", async () => {
    const personId = await addPerson(database.db, { email: "typo@example.org" });
    const verifying = await verificationHeldOpen(personId, "typo@example.org");
    const mailed: string[] = [];
    const correcting = correctUnconfirmedAddress(
      { db: database.db, crm },
      { constituentId: personId, typedEmail: "fixed@example.org", takeQuota: async () => true, mailLink: async (_trx, person) => void mailed.push(person.email) },
      now,
    );
    // The correction read "unconfirmed" before the proof committed, so it reaches its locked unit and waits there.
    await vi.waitFor(async () => expect(await lockWaiters()).toBeGreaterThan(0));
    verifying.release();
    await verifying.committed;
    expect(await correcting).toEqual({ kind: "already-confirmed" });
    expect(mailed).toEqual([]);
    expect((await crm.personContact(personId))?.Email).toBe("typo@example.org");
    expect((await credentialsOf(database.db, personId)).emailVerifiedAt).toBe(now.toISOString());
  });
});
