import { createServer, type AddressInfo } from "node:net";
import pino from "pino";
import { MailDeliveryError } from "../../../server/mail/mailer";
import { listOutboxMessages } from "../../../server/mail/outbox";
import { SmtpMailer } from "../../../server/mail/smtp-mailer";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { startSmtpPeer, type SmtpPeer } from "./smtp-peer";
import { repositoryMailRenderer, sampleContexts, testSender } from "./support";

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

describe.each(databaseEngines)("SmtpMailer on %s", (engine) => {
  let database: TestDatabase;
  let peer: SmtpPeer;
  const mailers: SmtpMailer[] = [];
  const mailerFor = (url: string) => {
    const mailer = new SmtpMailer({ url, from: testSender, db: database.db, renderer: repositoryMailRenderer(), logger: silentLogger });
    mailers.push(mailer);
    return mailer;
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    peer = await startSmtpPeer({ user: "site", password: "p@ss:word", rejectRecipient: "gone@example.com" });
  });
  afterAll(async () => {
    mailers.forEach((mailer) => mailer.close());
    await peer.close();
    await database.dispose();
  });

  it("delivers a multipart message with text and HTML parts, subject, from and to, signing in with the URL's credentials", async () => {
    const context = sampleContexts["password-reset"];
    await mailerFor(peer.url).send({ to: "ada@example.com", template: "password-reset", context });

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

  it("records the message in the outbox as sent, without its bodies", async () => {
    const [row] = await listOutboxMessages(database.db, 1);
    expect(row).toMatchObject({
      template: "password-reset",
      to_address: "ada@example.com",
      subject: "Reset your Greyfriars Playhouse password",
      text_body: null,
      html_body: null,
      error: null,
    });
    expect(row!.sent_at).not.toBeNull();
  });

  it("sets Reply-To when asked", async () => {
    await mailerFor(peer.url).send({
      to: "learning@greyfriars.example",
      template: "contact-message",
      context: sampleContexts["contact-message"],
      replyTo: "ada@example.com",
    });
    expect(headerOf(peer.received.at(-1)!.raw, "Reply-To")).toBe("ada@example.com");
  });

  it("rejects with MailDeliveryError and records the failure when the server refuses the recipient", async () => {
    const sending = mailerFor(peer.url).send({ to: "gone@example.com", template: "email-changed", context: sampleContexts["email-changed"] });
    await expect(sending).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(sending).rejects.toThrow("We could not send the email just now. Please try again in a few minutes.");
    const [row] = await listOutboxMessages(database.db, 1);
    expect(row).toMatchObject({ to_address: "gone@example.com", sent_at: null });
    expect(row!.error).toMatch(/Mailbox unavailable/);
  });

  it("rejects with MailDeliveryError when the credentials are wrong", async () => {
    const wrongPassword = peer.url.replace("p%40ss%3Aword", "wrong");
    await expect(
      mailerFor(wrongPassword).send({ to: "ada@example.com", template: "email-changed", context: sampleContexts["email-changed"] }),
    ).rejects.toBeInstanceOf(MailDeliveryError);
  });

  it("rejects with MailDeliveryError when nothing listens at the address", async () => {
    const closedPort = await unusedPort();
    await expect(
      mailerFor(`smtp://127.0.0.1:${closedPort}`).send({ to: "ada@example.com", template: "email-changed", context: sampleContexts["email-changed"] }),
    ).rejects.toBeInstanceOf(MailDeliveryError);
    const [row] = await listOutboxMessages(database.db, 1);
    expect(row!.error).toMatch(/ECONNREFUSED/);
  });
});

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
