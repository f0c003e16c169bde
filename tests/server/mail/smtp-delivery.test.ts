import { createServer, type AddressInfo } from "node:net";
import pino from "pino";
import { smtpTransport, type MailTransport } from "../../../server/mail/mail-transport";
import { findOutboxMessage, listOutboxMessages } from "../../../server/mail/outbox";
import { OutboxMailer } from "../../../server/mail/outbox-mailer";
import { OutboxWorker } from "../../../server/mail/outbox-worker";
import type { MailRequest } from "../../../server/mail/mailer";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { startSmtpPeer, type SmtpPeer } from "./smtp-peer";
import { quickRetries, repositoryMailRenderer, sampleContexts, testSender, until } from "./support";

const silentLogger = pino({ level: "silent" });

/** A header's value, unfolded. */
function headerOf(raw: string, name: string): string | undefined {
  const headers = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  return new RegExp(`^${name}: (.*)$`, "mi").exec(headers)?.[1];
}

/** Undoes quoted-printable soft line breaks and =XX escapes, enough to find text in a part. */
function decodedQuotedPrintable(raw: string): string {
  return raw.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe.each(databaseEngines)("delivery by SMTP through the outbox on %s", (engine) => {
  let database: TestDatabase;
  let peer: SmtpPeer;
  const running: { worker: OutboxWorker; transport: MailTransport }[] = [];

  /** Queues `request` and delivers it with a worker of its own, sending to `url`; resolves with the row once finished (sent or given up). */
  async function sendThrough(url: string, request: MailRequest, policy = quickRetries) {
    const transport = smtpTransport(url);
    const worker = new OutboxWorker({ db: database.db, transport, logger: silentLogger, retry: policy, pollIntervalMs: 20 });
    running.push({ worker, transport });
    const mailer = new OutboxMailer({ db: database.db, renderer: repositoryMailRenderer(), from: testSender, onQueued: () => worker.wake() });
    await mailer.send(request);
    const [queued] = await listOutboxMessages(database.db, 1);
    worker.start();
    const row = await until(
      () => findOutboxMessage(database.db, queued!.id),
      (message) => message?.sent_at !== null || message.failed_at !== null,
    );
    await worker.stop();
    return row!;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    peer = await startSmtpPeer({ user: "site", password: "p@ss:word", rejectRecipient: "gone@example.com" });
  });
  afterAll(async () => {
    for (const { worker, transport } of running) {
      await worker.stop();
      transport.close();
    }
    await peer.close();
    await database.dispose();
  });

  it("delivers a multipart message with text and HTML parts, subject, from and to, signing in with the URL's credentials", async () => {
    const context = sampleContexts["password-reset"];
    await sendThrough(peer.url, { to: "ada@example.com", template: "password-reset", context });

    expect(peer.received).toHaveLength(1);
    const [message] = peer.received;
    expect(message!.from).toBe("no-reply@greyfriars.example");
    expect(message!.to).toEqual(["ada@example.com"]);
    const raw = message!.raw;
    expect(headerOf(raw, "Subject")).toBe("Reset your Greyfriars Playhouse password");
    expect(headerOf(raw, "From")).toBe("Greyfriars Playhouse <no-reply@greyfriars.example>");
    expect(headerOf(raw, "To")).toBe("ada@example.com");
    expect(headerOf(raw, "Content-Type")).toMatch(/^multipart\/alternative; boundary=/);
    const decoded = decodedQuotedPrintable(raw);
    expect(decoded).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(decoded).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    expect(decoded).toContain(`\r\n${context.resetUrl}\r\n`);
    expect(decoded).toContain(`href="${context.resetUrl}"`);
  });

  it("records the message as sent on the first attempt, and clears its bodies (they hold single-use links)", async () => {
    const [row] = await listOutboxMessages(database.db, 1);
    expect(row).toMatchObject({
      template: "password-reset",
      to_address: "ada@example.com",
      subject: "Reset your Greyfriars Playhouse password",
      text_body: null,
      html_body: null,
      last_error: null,
      attempts: 1,
      next_attempt_at: null,
      claimed_until: null,
      failed_at: null,
    });
    expect(row!.sent_at).not.toBeNull();
  });

  it("sets Reply-To when asked", async () => {
    await sendThrough(peer.url, {
      to: "learning@greyfriars.example",
      template: "contact-message",
      context: sampleContexts["contact-message"],
      replyTo: "ada@example.com",
    });
    expect(headerOf(peer.received.at(-1)!.raw, "Reply-To")).toBe("ada@example.com");
  });

  it("retries a refused recipient with backoff, then gives up after the last attempt, keeping the reason", async () => {
    const before = peer.received.length;
    const row = await sendThrough(peer.url, { to: "gone@example.com", template: "email-changed", context: sampleContexts["email-changed"] });
    expect(row).toMatchObject({ to_address: "gone@example.com", sent_at: null, attempts: quickRetries.maxAttempts, next_attempt_at: null });
    expect(row.failed_at).not.toBeNull();
    expect(row.last_error).toMatch(/Mailbox unavailable/);
    expect(peer.received).toHaveLength(before);
  });

  it("records wrong credentials as the attempt's error", async () => {
    const wrongPassword = peer.url.replace("p%40ss%3Aword", "wrong");
    const row = await sendThrough(
      wrongPassword,
      { to: "ada@example.com", template: "email-changed", context: sampleContexts["email-changed"] },
      { ...quickRetries, maxAttempts: 1 },
    );
    expect(row.failed_at).not.toBeNull();
    expect(row.last_error).toMatch(/Invalid username or password|auth/i);
  });

  it("records a connection refused when nothing listens at the address", async () => {
    const closedPort = await unusedPort();
    const row = await sendThrough(
      `smtp://127.0.0.1:${closedPort}`,
      { to: "ada@example.com", template: "email-changed", context: sampleContexts["email-changed"] },
      { ...quickRetries, maxAttempts: 2 },
    );
    expect(row).toMatchObject({ attempts: 2, sent_at: null });
    expect(row.last_error).toMatch(/ECONNREFUSED/);
    // Never delivered, so the bodies are still there, for staff to see what was not sent.
    expect(row.text_body).not.toBeNull();
  });
});

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
