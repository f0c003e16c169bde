import net from "node:net";

/*
 * A TCP proxy the test controls, standing between the app and a real server
 * (PostgreSQL): the test double at the network edge for "the database is
 * unreachable". cut() drops every connection and refuses new ones, as a
 * stopped server does; restore() listens again on the same port. cutWhen()
 * cuts at the moment the client sends bytes containing a pattern (an SQL
 * statement), so a test can break a transaction half way.
 */
export interface TcpProxy {
  port: number;
  /** Drops every open connection and stops accepting new ones (clients get ECONNREFUSED). */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  /** Cuts (as cut()) when a client next sends data containing `pattern`; that data never reaches the server. Resolves once cut. */
  cutWhen(pattern: string): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let trigger: { pattern: string; fire: () => void } | undefined;
  let server = listeningServer();
  await listen(server, 0);
  const port = (server.address() as net.AddressInfo).port;

  function listeningServer(): net.Server {
    return net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      sockets.add(client).add(upstream);
      const forget = () => {
        sockets.delete(client);
        sockets.delete(upstream);
        client.destroy();
        upstream.destroy();
      };
      client.on("close", forget).on("error", forget);
      upstream.on("close", forget).on("error", forget);
      upstream.on("data", (chunk: Buffer) => client.write(chunk));
      client.on("data", (chunk: Buffer) => {
        if (trigger && chunk.includes(trigger.pattern)) {
          const { fire } = trigger;
          trigger = undefined;
          fire();
          return;
        }
        upstream.write(chunk);
      });
    });
  }

  async function cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  }

  return {
    port,
    cut,
    async restore() {
      server = listeningServer();
      await listen(server, port);
    },
    cutWhen(pattern) {
      return new Promise<void>((resolve, reject) => {
        trigger = { pattern, fire: () => cut().then(resolve, reject) };
      });
    },
    async close() {
      if (server.listening) await cut();
    },
  };
}

/** `url` (a DATABASE_URL) with its host and port replaced by the proxy's, so a client reaches the server through it. */
export function throughProxy(proxy: TcpProxy, url: string): string {
  const proxied = new URL(url);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(proxy.port);
  return proxied.href;
}

function listen(server: net.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
}
