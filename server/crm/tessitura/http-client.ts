import http from "node:http";
import https from "node:https";
import { CrmUnavailableError } from "../circuit-breaking-crm";

/*
 * Tessitura's REST API (TessituraService) over HTTP: Basic auth as Tessitura
 * takes it, "user:usergroup:location:password" in base64; JSON both ways.
 * Timeouts: 1 s to connect, 30 s to send the request, then 2 s of silence
 * while reading the answer. A failure of the CRM itself (no connection, a
 * timeout, a 5xx, a 401 — our credentials no longer work, nothing a user can
 * fix —, an answer that is not JSON) is a CrmUnavailableError, which the
 * circuit breaker counts; a 4xx other than 401 is a TessituraRefusal with its
 * status, which the breaker treats as an answer.
 */

export interface TessituraConnection {
  /** Up to and including the service's base path: https://tess.example.org/TessituraService */
  baseUrl: string;
  user: string;
  userGroup: string;
  machineLocation: string;
  password: string;
  timeouts?: { connectMs: number; readMs: number; writeMs: number };
}

export const DEFAULT_TIMEOUTS = { connectMs: 1_000, readMs: 2_000, writeMs: 30_000 };
/** What a CRM-unavailable error tells the user to wait. */
const RETRY_AFTER_SECONDS = 30;

/** Tessitura refused the request (400, 404, 409…): an answer, not a failure of the CRM. */
export class TessituraRefusal extends Error {
  override name = "TessituraRefusal";
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`Tessitura refused ${what}: ${status} ${body.slice(0, 200)}`);
  }
}

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface TessituraClient {
  /** The JSON answer; undefined for a 404 when `notFound` is "undefined". */
  request<T>(method: HttpMethod, path: string, options?: { query?: Record<string, string | number | undefined>; body?: unknown; notFound?: "undefined" }): Promise<T | undefined>;
}

export function basicAuthorization(connection: Pick<TessituraConnection, "user" | "userGroup" | "machineLocation" | "password">): string {
  const credentials = `${connection.user}:${connection.userGroup}:${connection.machineLocation}:${connection.password}`;
  return `Basic ${Buffer.from(credentials, "utf8").toString("base64")}`;
}

function unavailable(what: string, reason: string, cause?: unknown): CrmUnavailableError {
  return new CrmUnavailableError(RETRY_AFTER_SECONDS, new Error(`Tessitura ${what}: ${reason}`, { cause }));
}

export function createTessituraClient(connection: TessituraConnection): TessituraClient {
  const timeouts = connection.timeouts ?? DEFAULT_TIMEOUTS;
  const base = new URL(connection.baseUrl.replace(/\/+$/, "") + "/");
  const authorization = basicAuthorization(connection);
  const transport = base.protocol === "https:" ? https : http;

  return {
    request<T>(method: HttpMethod, path: string, options: { query?: Record<string, string | number | undefined>; body?: unknown; notFound?: "undefined" } = {}) {
      const url = new URL(path.replace(/^\/+/, ""), base);
      for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
      const what = `${method} ${url.pathname}`;
      const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body), "utf8");

      return new Promise<T | undefined>((resolve, reject) => {
        let settled = false;
        const timers: NodeJS.Timeout[] = [];
        const finish = (error: Error | undefined, value?: T) => {
          if (settled) return;
          settled = true;
          for (const timer of timers) clearTimeout(timer);
          if (error) {
            req.destroy();
            reject(error);
          } else resolve(value);
        };
        const req = transport.request(url, {
          method,
          headers: {
            Authorization: authorization,
            Accept: "application/json",
            ...(payload ? { "Content-Type": "application/json", "Content-Length": String(payload.length) } : {}),
          },
        });
        timers.push(setTimeout(() => finish(unavailable(what, `no connection within ${timeouts.connectMs} ms`)), timeouts.connectMs));
        req.on("socket", (socket) => {
          const connected = () => {
            clearTimeout(timers[0]);
            timers.push(setTimeout(() => finish(unavailable(what, `request not sent within ${timeouts.writeMs} ms`)), timeouts.writeMs));
          };
          if (socket.connecting) socket.once("connect", connected);
          else connected();
        });
        req.on("finish", () => {
          // Sent: from now on, silence longer than the read timeout is a failure.
          clearTimeout(timers[1]);
          req.setTimeout(timeouts.readMs, () => finish(unavailable(what, `no answer within ${timeouts.readMs} ms`)));
        });
        req.on("error", (error) => finish(unavailable(what, error.message, error)));
        req.on("response", (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", (error) => finish(unavailable(what, error.message, error)));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            const status = res.statusCode ?? 0;
            if (status === 401 || status === 403) return finish(unavailable(what, `${status}: the configured Tessitura credentials were refused`));
            if (status >= 500 || status < 200) return finish(unavailable(what, `answered ${status}`));
            if (status === 404 && options.notFound === "undefined") return finish(undefined, undefined);
            if (status >= 300) return finish(new TessituraRefusal(status, text, what));
            if (text.trim() === "") return finish(undefined, undefined);
            try {
              finish(undefined, JSON.parse(text) as T);
            } catch (error) {
              finish(unavailable(what, "the answer is not JSON", error));
            }
          });
        });
        req.end(payload);
      });
    },
  };
}
