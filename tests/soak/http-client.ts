/**
 * A browser-like client for the soak test: keeps its cookies, sends the CSRF
 * token and the site's Origin on writes, follows no redirects, and records
 * every request it makes as an Outcome (status, Retry-After, or the kind of
 * connection error), so the report can count errors by kind and by phase.
 */

export type Action = "page view" | "search" | "sign-in" | "save resource" | "write note" | "seat claim";

export interface Outcome {
  action: Action;
  method: string;
  path: string;
  startedAt: number;
  endedAt: number;
  /** 0 when no answer came. */
  status: number;
  retryAfter?: string;
  /** Why no answer came: a socket code (ECONNRESET, ECONNREFUSED, UND_ERR_SOCKET…) or "timeout". */
  connectionError?: string;
}

export interface Answer {
  status: number;
  body: string;
  outcome: Outcome;
}

const requestTimeoutMs = 20_000;

/** The code of a failed fetch: undici wraps the socket's error in `cause`. */
function connectionErrorCode(error: unknown): string {
  if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) return "timeout";
  const cause = (error as { cause?: { code?: string; name?: string; message?: string } }).cause;
  return cause?.code ?? cause?.name ?? (error as Error).message ?? "unknown";
}

export class SoakClient {
  private readonly cookies = new Map<string, string>();
  csrfToken: string | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly record: (outcome: Outcome) => void,
  ) {}

  /** A fresh browser: no cookies, no token (sign-out, or a new person). */
  forget(): void {
    this.cookies.clear();
    this.csrfToken = undefined;
  }

  get(action: Action, path: string, accept = "text/html"): Promise<Answer> {
    return this.send(action, "GET", path, undefined, { accept });
  }

  /** A JSON write, as the widgets send it: X-CSRFToken, Origin, Accept: application/json. */
  postJson(action: Action, path: string, body: unknown): Promise<Answer> {
    return this.send(action, "POST", path, JSON.stringify(body), {
      "content-type": "application/json",
      accept: "application/json",
      origin: this.baseUrl,
      ...(this.csrfToken ? { "x-csrftoken": this.csrfToken } : {}),
    });
  }

  /** Opens a page with a form and keeps its CSRF token (`<meta name="csrf-token">`). */
  async loadToken(action: Action, path = "/account/login/"): Promise<Answer> {
    const answer = await this.get(action, path);
    const token = /<meta name="csrf-token" content="([^"]+)">/.exec(answer.body)?.[1];
    if (token) this.csrfToken = token;
    return answer;
  }

  private async send(action: Action, method: string, path: string, body: string | undefined, headers: Record<string, string>): Promise<Answer> {
    const startedAt = Date.now();
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        body,
        redirect: "manual",
        headers: { ...headers, ...(cookie ? { cookie } : {}) },
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const at = pair!.indexOf("=");
        const value = pair!.slice(at + 1);
        // An expired cookie (sign-out) is a deletion.
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(pair!.slice(0, at));
        else this.cookies.set(pair!.slice(0, at), value);
      }
      const text = await response.text();
      const outcome: Outcome = {
        action,
        method,
        path,
        startedAt,
        endedAt: Date.now(),
        status: response.status,
        retryAfter: response.headers.get("retry-after") ?? undefined,
      };
      this.record(outcome);
      return { status: response.status, body: text, outcome };
    } catch (error) {
      const outcome: Outcome = { action, method, path, startedAt, endedAt: Date.now(), status: 0, connectionError: connectionErrorCode(error) };
      this.record(outcome);
      return { status: 0, body: "", outcome };
    }
  }
}
