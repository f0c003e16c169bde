import { OutboxMailer } from "../../../server/mail/outbox-mailer";
import { findOutboxMessage, listOutboxMessages } from "../../../server/mail/outbox";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { repositoryMailRenderer, sampleContexts, testSender } from "./support";

describe.each(databaseEngines)("OutboxMailer on %s", (engine) => {
  let database: TestDatabase;
  let mailer: OutboxMailer;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    mailer = new OutboxMailer({ db: database.db, renderer: repositoryMailRenderer(), from: testSender });
  });
  afterAll(() => database.dispose());

  it("delivers by writing the rendered message, both bodies, to mail_outbox with sent_at set", async () => {
    const before = Date.now();
    await mailer.send({ to: "ada@example.com", template: "password-reset", context: sampleContexts["password-reset"] });

    const rows = await database.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", "ada@example.com").execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      template: "password-reset",
      from_address: testSender,
      to_address: "ada@example.com",
      reply_to: null,
      subject: "Reset your Greyfriars Playhouse password",
      error: null,
    });
    expect(row.text_body).toContain(sampleContexts["password-reset"].resetUrl);
    expect(row.html_body).toContain(`href="${sampleContexts["password-reset"].resetUrl}"`);
    expect(Date.parse(row.created_at)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(row.sent_at!)).toBeGreaterThanOrEqual(Date.parse(row.created_at));
  });

  it("stamps created_at and sent_at from one clock reading, however fast the clock moves", async () => {
    // Every `new Date()` a millisecond after the last: two readings could never come out equal.
    const RealDate = Date;
    let tick = 0;
    class TickingDate extends RealDate {
      constructor(...args: (string | number | Date)[]) {
        if (args.length === 0) super(RealDate.UTC(2026, 10, 23, 12) + tick++);
        else super(...(args as [number]));
      }
    }
    vi.stubGlobal("Date", TickingDate);
    try {
      await mailer.send({ to: "clock@example.com", template: "password-reset", context: sampleContexts["password-reset"] });
    } finally {
      vi.unstubAllGlobals();
    }
    const row = await database.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", "clock@example.com").executeTakeFirstOrThrow();
    expect(row.sent_at).toBe(row.created_at);
  });

  it("keeps the reply-to address when one is given", async () => {
    await mailer.send({
      to: "learning@greyfriars.example",
      template: "contact-message",
      context: sampleContexts["contact-message"],
      replyTo: "ada@example.com",
    });
    const [newest] = await listOutboxMessages(database.db, 1);
    expect(newest).toMatchObject({ template: "contact-message", to_address: "learning@greyfriars.example", reply_to: "ada@example.com" });
  });

  it("lists the newest message first and finds one by id", async () => {
    for (const firstName of ["First", "Second", "Third"]) {
      await mailer.send({ to: `${firstName.toLowerCase()}@example.com`, template: "email-changed", context: { firstName, newEmail: "x@example.com" } });
    }
    const listed = await listOutboxMessages(database.db);
    expect(listed.slice(0, 3).map((message) => message.to_address)).toEqual(["third@example.com", "second@example.com", "first@example.com"]);
    expect(await findOutboxMessage(database.db, listed[0]!.id)).toEqual(listed[0]);
    expect(await findOutboxMessage(database.db, 999_999)).toBeUndefined();
  });

  it("writes nothing when the template is missing, and says which file", async () => {
    const count = async () => (await listOutboxMessages(database.db)).length;
    const before = await count();
    await expect(mailer.send({ to: "ada@example.com", template: "no-such-mail", context: {} })).rejects.toThrow(/no-such-mail\.txt\.njk/);
    expect(await count()).toBe(before);
  });
});
