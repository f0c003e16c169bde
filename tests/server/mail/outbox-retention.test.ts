import { forgetMessagesTo, pruneOutbox } from "../../../server/mail/outbox";
import { OutboxMailer } from "../../../server/mail/outbox-mailer";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { repositoryMailRenderer, sampleContexts, testSender } from "./support";

describe.each(databaseEngines)("the outbox's retention on %s", (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  async function message(to: string, state: { sentAt?: string; failedAt?: string }): Promise<void> {
    const mailer = new OutboxMailer({ db: database.db, renderer: repositoryMailRenderer(), from: testSender });
    await mailer.send({ to, template: "email-changed", context: sampleContexts["email-changed"] });
    await database.db
      .updateTable("mail_outbox")
      .set({ sent_at: state.sentAt ?? null, failed_at: state.failedAt ?? null })
      .where("to_address", "=", to)
      .execute();
  }

  const addresses = async () =>
    (await database.db.selectFrom("mail_outbox").select("to_address").orderBy("to_address").execute()).map((row) => row.to_address);

  it("deletes the records of messages sent or given up before the cutoff, and keeps recent and pending ones", async () => {
    await message("old-sent@example.org", { sentAt: "2026-01-01T00:00:00.000Z" });
    await message("old-failed@example.org", { failedAt: "2026-01-02T00:00:00.000Z" });
    await message("recent-sent@example.org", { sentAt: "2026-11-20T00:00:00.000Z" });
    await message("pending@example.org", {});

    expect(await pruneOutbox(database.db, new Date("2026-08-25T00:00:00.000Z"))).toBe(2);
    expect(await addresses()).toEqual(["pending@example.org", "recent-sent@example.org"]);
  });

  it("forgets every message to an address, sent or not, and no other", async () => {
    await message("leaving@example.org", { sentAt: "2026-11-20T00:00:00.000Z" });
    await message("staying@example.org", {});
    await forgetMessagesTo(database.db, "leaving@example.org");
    expect(await addresses()).not.toContain("leaving@example.org");
    expect(await addresses()).toContain("staying@example.org");
  });
});
