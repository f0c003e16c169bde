import nodemailer, { type Transporter } from "nodemailer";
// The file, not the folder: Node's own ES module resolver (the compiled server, dist-server/) refuses directory imports.
import SMTPTransport from "nodemailer/lib/smtp-transport/index.js";

/** One message as the outbox worker hands it to a transport. */
export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Where the outbox worker (outbox-worker.ts) delivers messages: the SMTP
 * server of MAIL_URL, or the embedded transport.
 */
export interface MailTransport {
  /** Resolves once the message is accepted; rejects with the reason otherwise. */
  deliver(mail: OutgoingMail): Promise<void>;
  /** True when the outbox row is itself the delivery, so its bodies stay (read at /dev/mailbox/). */
  readonly keepsBodies: boolean;
  close(): void;
}

/** Without MAIL_URL: the outbox row is the delivery, so accepting it is immediate. Nothing leaves the machine. */
export const embeddedTransport: MailTransport = {
  deliver: async () => {},
  keepsBodies: true,
  close: () => {},
};

/**
 * nodemailer's defaults wait two minutes to connect; shorter here, so a
 * black-holed server does not hold a claimed batch for long. Query
 * parameters in MAIL_URL override them, e.g. smtp://host:587?connectionTimeout=20000.
 */
const defaultTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465 (TLS from the start). */
export function smtpTransport(url: string): MailTransport {
  const transport: Transporter<SMTPTransport.SentMessageInfo> = nodemailer.createTransport(new SMTPTransport({ ...defaultTimeouts, url }));
  return {
    async deliver(mail) {
      await transport.sendMail(mail);
    },
    // Reset and set-password emails carry single-use links, which must not sit readable in the database once sent.
    keepsBodies: false,
    close: () => transport.close(),
  };
}
