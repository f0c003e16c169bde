import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

/** One message as the SMTP peer received it. */
export interface ReceivedMessage {
  from: string;
  to: string[];
  /** The raw RFC 5322 message, headers and MIME parts. */
  raw: string;
}

export interface SmtpPeer {
  url: string;
  port: number;
  received: ReceivedMessage[];
  close(): Promise<void>;
}

/**
 * A real SMTP server (the smtp-server package) on a loopback port, without
 * TLS, keeping every message it accepts. `user`/`password` turn on AUTH.
 * `port` starts it again where a closed peer was (default: any free port).
 */
export async function startSmtpPeer(
  options: { user?: string; password?: string; rejectRecipient?: string; port?: number } = {},
): Promise<SmtpPeer> {
  const received: ReceivedMessage[] = [];
  const serverOptions: SMTPServerOptions = {
    disabledCommands: options.user ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.user,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      if (address.address === options.rejectRecipient) callback(new Error("Mailbox unavailable"));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const credentials = options.user ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.password ?? "")}@` : "";
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
