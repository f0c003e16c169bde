import pino from "pino";
import { inTransaction } from "../../../server/db/transactions";
import { embeddedTransport } from "../../../server/mail/mail-transport";
import { findOutboxMessage, listOutboxMessages } from "../../../server/mail/outbox";
import { OutboxMailer } from "../../../server/mail/outbox-mailer";
import { OutboxWorker } from "../../../server/mail/outbox-worker";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { quickRetries, repositoryMailRenderer, sampleContexts, testSender, until } from "./support";

describe.each(databaseEngines)("OutboxMailer on %s", (engine) => {
  let database: TestDatabase;
  let worker: OutboxWorker;
  let mailer: OutboxMailer;
  let wakes = 0;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // No poll to speak of: what is delivered promptly was woken by the commit.
    worker = new OutboxWorker({ db: database.db, transport: embeddedTransport, logger: pino({ level: "silent" }), retry: quickRetries, pollIntervalMs: 3_600_000 });
    mailer = new OutboxMailer({
      db: database.db,
      renderer: repositoryMailRenderer(),
      from: testSender,
      onQueued: () => {
        wakes += 1;
        worker.wake();
      },
    });
    worker.start();
  });
  afterAll(async () => {
    await worker.stop();
    await database.dispose();
  });

  const newest = async () => (await listOutboxMessages(database.db, 1))[0]!;
  const delivered = (id: number) => until(() => findOutboxMessage(database.db, id), (row) => row?.sent_at !== null);

  it("writes the rendered message, both bodies, due at once; the embedded transport then marks it sent and keeps the bodies", async () => {
    const before = Date.now();
    await mailer.send({ to: "ada@example.com", template: "password-reset", context: sampleContexts["password-reset"] });
    const queued = await newest();
    expect(queued).toMatchObject({
      template: "password-reset",
      from_address: testSender,
      to_address: "ada@example.com",
      reply_to: null,
      subject: "Reset your Greyfriars Playhouse password",
      last_error: null,
      failed_at: null,
    });
    expect(Date.parse(queued.created_at)).toBeGreaterThanOrEqual(before - 1);

    const row = (await delivered(queued.id))!;
    expect(row.text_body).toContain(sampleContexts["password-reset"].resetUrl);
    expect(row.html_body).toContain(`href="${sampleContexts["password-reset"].resetUrl}"`);
    expect(row).toMatchObject({ attempts: 1, next_attempt_at: null, claimed_until: null });
    expect(Date.parse(row.sent_at!)).toBeGreaterThanOrEqual(Date.parse(row.created_at));
  });

  it("keeps the reply-to address when one is given", async () => {
    await mailer.send({
      to: "learning@greyfriars.example",
      template: "contact-message",
      context: sampleContexts["contact-message"],
      replyTo: "ada@example.com",
    });
    expect(await newest()).toMatchObject({ template: "contact-message", to_address: "learning@greyfriars.example", reply_to: "ada@example.com" });
  });

  it("writes in the caller's transaction: a change that rolls back leaves no message, and wakes no worker", async () => {
    const wakesBefore = wakes;
    const rows = async () => database.db.selectFrom("mail_outbox").select("id").where("to_address", "=", "rollback@example.com").execute();
    const change = inTransaction(database.db, async (trx) => {
      const at = new Date().toISOString();
      await trx.insertInto("requests").values({
        kind: "contact",
        status: "open",
        person_id: null,
        name: "Ada",
        email: "rollback@example.com",
        school_id: null,
        subject: "Rolled back",
        message: "This change fails after its email is written.",
        details: "{}",
        outcome: null,
        created_at: at,
        updated_at: at,
        closed_at: null,
      }).execute();
      await mailer.send({ to: "rollback@example.com", template: "email-changed", context: sampleContexts["email-changed"] }, { db: trx });
      expect(await trx.selectFrom("mail_outbox").select("id").where("to_address", "=", "rollback@example.com").execute()).toHaveLength(1);
      throw new Error("the change failed");
    });
    await expect(change).rejects.toThrow("the change failed");
    expect(await rows()).toEqual([]);
    expect(await database.db.selectFrom("requests").select("id").where("email", "=", "rollback@example.com").execute()).toEqual([]);
    expect(wakes).toBe(wakesBefore);
  });

  it("commits the message with the change, and wakes the worker only after the commit", async () => {
    const wakesBefore = wakes;
    let wakesInside = -1;
    await inTransaction(database.db, async (trx) => {
      await mailer.send({ to: "commit@example.com", template: "email-changed", context: sampleContexts["email-changed"] }, { db: trx });
      wakesInside = wakes;
    });
    expect(wakesInside).toBe(wakesBefore);
    expect(wakes).toBe(wakesBefore + 1);
    await delivered((await newest()).id);
  });

  it("lists the newest message first and finds one by id", async () => {
    for (const firstName of ["First", "Second", "Third"]) {
      await mailer.send({ to: `${firstName.toLowerCase()}@example.com`, template: "email-changed", context: { firstName, newEmail: "x@example.com" } });
    }
    const listed = await listOutboxMessages(database.db);
    expect(listed.slice(0, 3).map((message) => message.to_address)).toEqual(["third@example.com", "second@example.com", "first@example.com"]);
    expect(await findOutboxMessage(database.db, listed[0]!.id)).toBeDefined();
    expect(await findOutboxMessage(database.db, 999_999)).toBeUndefined();
  });

  it("writes nothing when the template is missing, and says which file", async () => {
    const count = async () => (await listOutboxMessages(database.db)).length;
    const before = await count();
    await expect(mailer.send({ to: "ada@example.com", template: "no-such-mail", context: {} })).rejects.toThrow(/no-such-mail\.txt\.njk/);
    expect(await count()).toBe(before);
  });
});
