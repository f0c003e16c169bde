import pino from "pino";
import request from "supertest";
import { createDatabase, type DatabaseHandle } from "../../../server/db/database";
import { smtpTransport, type MailTransport } from "../../../server/mail/mail-transport";
import { OutboxMailer } from "../../../server/mail/outbox-mailer";
import { OutboxWorker } from "../../../server/mail/outbox-worker";
import { addPerson, browserOnLoginPage } from "../accounts/support";
import { addSchool, crmOf, join } from "../memberships/support";
import { jsonCall, signedInBrowser } from "../my-account/support";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { startSmtpPeer, type SmtpPeer } from "./smtp-peer";
import { quickRetries, repositoryMailRenderer, sampleContexts, testSender, until } from "./support";

/*
 * Issue 14, "Mail through an outbox": an SMTP server that is down when an
 * invite or a reset is requested loses nothing. The request succeeds, the
 * message waits in the outbox, and goes out, once, when SMTP returns.
 */

describe.each(databaseEngines)("an SMTP outage on %s", (engine) => {
  let t: TestApp;
  let peer: SmtpPeer | undefined;
  let port: number;

  beforeAll(async () => {
    // Start the peer only to learn a port, then stop it: the site's SMTP server is down.
    const first = await startSmtpPeer();
    port = first.port;
    await first.close();
    t = await createTestApp({ engine, env: { MAIL_URL: `smtp://127.0.0.1:${port}`, MAIL_FIRST_RETRY_SECONDS: "1" } });
  });
  afterAll(async () => {
    await t.close();
    await peer?.close();
  });

  const rowFor = (to: string) => t.database.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", to).execute();

  it("accepts a reset and an invite while SMTP is down, keeping both messages pending with the error", async () => {
    await addPerson(t.database.db, { email: "forgetful@example.org", firstName: "Imogen" });
    const reset = await browserOnLoginPage(t.app, "/account/forgot-password/");
    const resetAnswer = await reset.agent
      .post("/account/forgot-password/")
      .set({ "X-CSRFToken": reset.token, Accept: "application/json" })
      .send({ email: "forgetful@example.org" });
    expect(resetAnswer.status).toBe(200);
    expect(resetAnswer.body.success).toBe(true);

    const crm = crmOf(t);
    const school = await addSchool(t.database.db, crm, { name: "Riverside Academy", seats: 5 });
    const head = await addPerson(t.database.db, { email: "head@example.org", firstName: "Head" });
    await join(crm, school.schoolId, head, "admin");
    const admin = await signedInBrowser(t.app, "head@example.org");
    const inviteAnswer = await jsonCall(admin.agent, "post", "/account/invite-user/", admin.token, {
      email: "invitee@example.org",
      organisationConstituentId: school.schoolId,
      membershipId: school.membershipId,
    });
    expect(inviteAnswer.status).toBe(200);
    expect(inviteAnswer.body).toEqual({ success: true });

    for (const to of ["forgetful@example.org", "invitee@example.org"]) {
      const [row] = await until(
        () => rowFor(to),
        ([message]) => (message?.attempts ?? 0) > 0 && message!.last_error !== null,
      );
      expect(row).toMatchObject({ sent_at: null, failed_at: null });
      expect(row!.last_error).toMatch(/ECONNREFUSED/);
      expect(row!.next_attempt_at).not.toBeNull();
      // Kept until delivered: nothing is lost.
      expect(row!.text_body).not.toBeNull();
    }
  });

  it("sends each exactly once when SMTP is back on the same port, and clears the bodies", async () => {
    peer = await startSmtpPeer({ port });
    for (const to of ["forgetful@example.org", "invitee@example.org"]) {
      const [row] = await until(() => rowFor(to), ([message]) => message?.sent_at != null);
      expect(row).toMatchObject({ text_body: null, html_body: null, next_attempt_at: null, failed_at: null });
      expect(row!.attempts).toBeGreaterThan(1);
    }
    const to = (address: string) => peer!.received.filter((message) => message.to.includes(address));
    expect(to("forgetful@example.org")).toHaveLength(1);
    expect(to("invitee@example.org")).toHaveLength(1);
    expect(to("forgetful@example.org")[0]!.raw).toContain("/account/reset-password/");
    expect(to("invitee@example.org")[0]!.raw).toContain("/account/invite/accept/");
    expect(peer.received).toHaveLength(2);
  });

  it("still answers the dev mailbox's page for a delivered message, without its body", async () => {
    const [row] = await rowFor("invitee@example.org");
    const page = await request(t.app).get(`/dev/mailbox/${row!.id}/`);
    expect(page.text).toContain("<td>Sent</td>");
    expect(page.text).toContain("The body is no longer kept");
  });
});

describe.each(databaseEngines)("two workers sharing one outbox on %s", (engine) => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let peer: SmtpPeer;
  const transports: MailTransport[] = [];
  const workers: OutboxWorker[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // Another connection pool, as another process would have.
    second = createDatabase(database.url, { maxConnections: 4 });
    peer = await startSmtpPeer();
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    transports.forEach((transport) => transport.close());
    await second.close();
    await peer.close();
    await database.dispose();
  });

  it("delivers every message exactly once while both claim at the same time", async () => {
    const mailer = new OutboxMailer({ db: database.db, renderer: repositoryMailRenderer(), from: testSender });
    const addresses = Array.from({ length: 30 }, (_, index) => `reader${index}@example.org`);
    for (const to of addresses) await mailer.send({ to, template: "email-changed", context: sampleContexts["email-changed"] });

    const sentBy = [0, 0];
    for (const [index, db] of [database.db, second.db].entries()) {
      const smtp = smtpTransport(peer.url);
      transports.push(smtp);
      const transport: MailTransport = { ...smtp, deliver: async (mail) => ((await smtp.deliver(mail)), void (sentBy[index]! += 1)) };
      // Small batches, so the two take turns through the table rather than one taking it all.
      workers.push(new OutboxWorker({ db, transport, logger: pino({ level: "silent" }), retry: quickRetries, batchSize: 3, pollIntervalMs: 20 }));
    }
    workers.forEach((worker) => worker.start());

    await until(
      () => database.db.selectFrom("mail_outbox").select("id").where("sent_at", "is", null).execute(),
      (pending) => pending.length === 0,
    );
    const recipients = peer.received.flatMap((message) => message.to);
    expect(recipients.sort()).toEqual([...addresses].sort());
    const rows = await database.db.selectFrom("mail_outbox").select(["attempts", "text_body"]).execute();
    expect(rows.every((row) => row.attempts === 1 && row.text_body === null)).toBe(true);
    // Both took part: the claims really were shared.
    expect(sentBy.every((count) => count > 0)).toBe(true);
  });
});
