import { createDatabase, type DatabaseHandle } from "../../../server/db/database";
import { claimDueMessages, findOutboxMessage } from "../../../server/mail/outbox";
import { OutboxMailer } from "../../../server/mail/outbox-mailer";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { repositoryMailRenderer, sampleContexts, testSender } from "./support";

describe.each(databaseEngines)("claiming due outbox rows on %s", (engine) => {
  let database: TestDatabase;
  const others: DatabaseHandle[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // Separate pools, as separate processes have.
    for (let index = 0; index < 3; index += 1) others.push(createDatabase(database.url, { maxConnections: 4 }));
    const mailer = new OutboxMailer({ db: database.db, renderer: repositoryMailRenderer(), from: testSender });
    for (let index = 0; index < 40; index += 1) {
      await mailer.send({ to: `reader${index}@example.org`, template: "email-changed", context: sampleContexts["email-changed"] });
    }
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await database.dispose();
  });

  it("never gives one row to two claims made at the same moment", async () => {
    const now = new Date(Date.now() + 1000);
    const leaseUntil = new Date(now.getTime() + 60_000);
    const claims = await Promise.all(
      [database.db, ...others.map((other) => other.db)].flatMap((db) =>
        Array.from({ length: 4 }, () => claimDueMessages(db, { now, leaseUntil, limit: 5 })),
      ),
    );
    const ids = claims.flat().map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(0);
    for (const row of claims.flat()) expect(row.attempts).toBe(1);
  });

  it("gives a row whose lease ran out to the next claim, counting another attempt", async () => {
    const later = new Date(Date.now() + 10 * 60_000);
    const [row] = await claimDueMessages(database.db, { now: later, leaseUntil: new Date(later.getTime() + 60_000), limit: 1 });
    expect(row!.attempts).toBe(2);
    expect((await findOutboxMessage(database.db, row!.id))!.claimed_until).toBe(new Date(later.getTime() + 60_000).toISOString());
  });
});
