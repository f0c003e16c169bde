import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "../../bench/processes";
import { projectRoot } from "../../../server/paths";
import type { TestDatabase } from "./databases";
import { testSessionSecret } from "./test-app";

/*
 * Real app processes (tsx server/main.ts, or the cluster entry) for the
 * scale-out tests, and a minimal cookie-keeping browser that can talk to
 * several of them as one site.
 */

export interface AppProcess {
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process has printed so far. */
  output(): string;
  /** The exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL if it has not exited in 15 s. */
  stop(): Promise<void>;
}

export interface AppProcessOptions {
  databaseUrl: string;
  redisUrl?: string;
  redisKeyPrefix?: string;
  /** PUBLIC_URL, shared by all processes of one site (default: the process's own address). */
  publicUrl?: string;
  /** Default: server/main.ts. */
  entry?: string;
  args?: string[];
  port?: number;
  env?: Record<string, string>;
}

export async function startAppProcess(options: AppProcessOptions): Promise<AppProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", options.entry ?? "server/main.ts", ...(options.args ?? [])], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: options.publicUrl ?? baseUrl,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl ?? "",
      REDIS_KEY_PREFIX: options.redisKeyPrefix ?? "",
      SESSION_SECRET: testSessionSecret,
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      BUILD_ON_START: "false",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.kill("SIGTERM");
    await exited;
    clearTimeout(killer);
  };
  const app: AppProcess = { port, baseUrl, child, output: () => output, exited, stop };
  await waitUntilReady(app);
  return app;
}

/** Until /readyz answers 200: the process has migrated, built its services and listens. */
export async function waitUntilReady(app: AppProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null) throw new Error(`the app process exited early (code ${app.child.exitCode}):\n${app.output()}`);
    const ready = await fetch(`${app.baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    // Its own log line too: the answer is from this process, not another holding the port.
    if (ready && app.output().includes(`listening on port ${app.port}`)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await app.stop();
  throw new Error(`the app process never became ready:\n${app.output()}`);
}

/**
 * Marks a fresh, migrated database as not empty (one page row), so the app
 * processes started on it skip the demo content and start quickly. (Several
 * starting at once on an empty database would load it once, under
 * seedIfEmpty's lock, while the others wait.)
 */
export async function markNotEmpty(database: TestDatabase): Promise<void> {
  await database.db
    .insertInto("pages")
    .values({ slug: "about", title: "About", summary: "", body_html: "<p>About us.</p>", nav_order: null, published_at: null, updated_at: new Date().toISOString() })
    .execute();
}

/**
 * A browser for one site served by several processes: it keeps the cookies
 * it is given (the session cookie) and sends them to whichever process it
 * talks to, as a browser behind a load balancer would.
 */
export class SiteBrowser {
  private readonly cookies = new Map<string, string>();

  /** Sent on writes, as a browser would: the site's PUBLIC_URL origin. */
  constructor(private readonly origin: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request(baseUrl: string, path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { Accept: init.json === undefined ? "text/html" : "application/json", ...init.headers };
    if (this.cookies.size > 0) headers.Cookie = this.cookieHeader;
    if (init.method && init.method !== "GET") headers.Origin = this.origin;
    if (init.json !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(baseUrl + path, {
      method: init.method ?? "GET",
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      redirect: "manual",
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair!.split("=");
      this.cookies.set(name!.trim(), value.join("="));
    }
    return response;
  }

  /** The CSRF token of a page opened now on `baseUrl` (a page with a form; it creates the session if there is none). */
  async csrfToken(baseUrl: string, path = "/account/login/"): Promise<string> {
    const html = await (await this.request(baseUrl, path)).text();
    const token = /<meta name="csrf-token" content="([^"]+)">/.exec(html)?.[1];
    if (!token) throw new Error(`${baseUrl}${path} has no csrf-token meta tag`);
    return token;
  }

  /** The JSON sign-in call, as the login widget makes it. */
  signIn(baseUrl: string, token: string, email: string, password: string): Promise<Response> {
    return this.request(baseUrl, "/account/login/", {
      method: "POST",
      json: { email, password, next: "/account/my-account/" },
      headers: { "X-CSRFToken": token },
    });
  }
}
