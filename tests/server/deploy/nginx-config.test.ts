import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../bench/processes";
import { projectRoot } from "../../../server/paths";
import { addPerson, strongPassword } from "../accounts/support";
import { markNotEmpty, startAppProcess, type AppProcess } from "../support/app-processes";
import { createTestDatabase, postgresAdminUrl, type TestDatabase } from "../support/databases";
import { connectTestRedis, redisTestUrl, type TestRedis } from "../support/redis";

/*
 * docs/deploy/nginx.conf, as committed, run by real nginx (Debian's nginx or
 * nginx-light; .ci/run installs it) in front of two app processes on one
 * PostgreSQL and one Redis. Only what must differ on a test machine is
 * substituted: ports, paths, a throwaway certificate, and no `user` switch.
 */

const NGINX = "/usr/sbin/nginx";
const canRun = Boolean(postgresAdminUrl() && redisTestUrl());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function call(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = url.startsWith("https:") ? https : http;
    const req = client.request(url, { method: options.method ?? "GET", headers: options.headers, rejectUnauthorized: false, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The committed config with this machine's ports and paths; each replaced text must be there, so an edit that breaks the test is noticed. */
function renderConfig(dir: string, ports: { http: number; https: number; apps: number[] }): string {
  let config = readFileSync(path.join(projectRoot, "docs/deploy/nginx.conf"), "utf8");
  const replace = (from: string | RegExp, to: string) => {
    const before = config;
    config = config.replace(from, to);
    if (config === before) throw new Error(`docs/deploy/nginx.conf no longer contains ${String(from)}: update this test with it`);
  };
  replace(/^user www-data;\n/m, "");
  replace("pid /run/nginx.pid;", `pid ${dir}/nginx.pid;`);
  replace("error_log /var/log/nginx/error.log warn;", `error_log ${dir}/error.log warn;`);
  replace(
    "access_log /var/log/nginx/access.log;",
    `access_log ${dir}/access.log;\n    ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `${kind}_temp_path ${dir}/${kind};`).join(" ")}`,
  );
  replace(/server 127\.0\.0\.1:3001;\s*server 127\.0\.0\.1:3002;/, ports.apps.map((port) => `server 127.0.0.1:${port};`).join("\n        "));
  replace("listen 80;", `listen 127.0.0.1:${ports.http};`);
  replace("listen 443 ssl http2;", `listen 127.0.0.1:${ports.https} ssl http2;`);
  replace("/etc/letsencrypt/live/www.example.org/fullchain.pem", `${dir}/cert.pem`);
  replace("/etc/letsencrypt/live/www.example.org/privkey.pem", `${dir}/key.pem`);
  replace(/\/srv\/greyfriars\//g, `${projectRoot}/`);
  return config;
}

describe.skipIf(!canRun)("docs/deploy/nginx.conf in front of two app processes", () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let apps: AppProcess[] = [];
  let nginx: ChildProcess | undefined;
  let dir: string;
  let site: string;
  let plainSite: string;

  beforeAll(async () => {
    if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: install nginx (apt-get install nginx-light); .ci/run does this in CI.`);
    dir = mkdtempSync(path.join(os.tmpdir(), "nginx-test-"));
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-keyout", `${dir}/key.pem`, "-out", `${dir}/cert.pem`], { stdio: "ignore" });
    const ports = { http: await freePort(), https: await freePort() };
    site = `https://127.0.0.1:${ports.https}`;
    plainSite = `http://127.0.0.1:${ports.http}`;

    [database, redis] = await Promise.all([createTestDatabase("postgres"), connectTestRedis()]);
    await markNotEmpty(database);
    await addPerson(database.db, { email: "proxied@example.org" });
    const shared = { databaseUrl: database.url, redisUrl: redisTestUrl(), redisKeyPrefix: redis.prefix, publicUrl: site, env: { TRUST_PROXY: "loopback" } };
    apps = await Promise.all([startAppProcess(shared), startAppProcess(shared)]);

    writeFileSync(`${dir}/nginx.conf`, renderConfig(dir, { ...ports, apps: apps.map((app) => app.port) }));
    nginx = spawn(NGINX, ["-c", `${dir}/nginx.conf`, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    nginx.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${errors}${readFileSync(`${dir}/error.log`, "utf8")}`);
      const up = await call(`${site}/healthz`).then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once("exit", resolve));
      nginx.kill("SIGQUIT");
      await exited;
    }
    await Promise.all(apps.map((app) => app.stop()));
    await Promise.all([database?.dispose(), redis?.dispose()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("sends plain http to https", async () => {
    const answer = await call(`${plainSite}/resources/`);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://127.0.0.1/resources/`);
  });

  it("serves pages from both app processes", async () => {
    for (let n = 0; n < 6; n += 1) {
      const answer = await call(`${site}/`);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain("<html");
    }
    // Round robin: each process answered some of them.
    for (const app of apps) expect(app.output()).toMatch(/"url":"\/","remoteAddress":"[^"]*127\.0\.0\.1"\},"res":\{"statusCode":200\}/);
  });

  it("serves static files itself, from disk, with the app's cache rules", async () => {
    const answer = await call(`${site}/static/css/main.css`);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/css/);
    expect(answer.headers["cache-control"]).toBe("public, max-age=3600");
    expect(answer.body).toBe(readFileSync(path.join(projectRoot, "static/css/main.css"), "utf8"));
    // Not from the app: its answers carry its security headers (helmet), nginx's do not.
    expect(answer.headers["content-security-policy"]).toBeUndefined();
    expect((await call(`${site}/`)).headers["content-security-policy"]).toBeDefined();
  });

  it("signs in over https: X-Forwarded-Proto makes the app set its Secure __Host- cookie, and the session works on every process", async () => {
    const page = await call(`${site}/account/login/`);
    const cookie = (page.headers["set-cookie"] ?? []).find((line) => line.startsWith("__Host-sid="));
    expect(cookie).toMatch(/; Secure/);
    const session = cookie!.split(";")[0]!;
    const token = /<meta name="csrf-token" content="([^"]+)">/.exec(page.body)![1]!;
    const signIn = await call(`${site}/account/login/`, {
      method: "POST",
      headers: { Cookie: session, "X-CSRFToken": token, Origin: site, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ email: "proxied@example.org", password: strongPassword, next: "/account/my-account/" }),
    });
    expect(signIn.status).toBe(200);
    const signedInCookie = (signIn.headers["set-cookie"] ?? []).find((line) => line.startsWith("__Host-sid="))!.split(";")[0]!;
    for (let n = 0; n < 4; n += 1) {
      const myAccount = await call(`${site}/account/my-account/`, { headers: { Cookie: signedInCookie } });
      expect(myAccount.status).toBe(200);
      expect(myAccount.body).toContain("proxied@example.org");
    }
  });

  it("passes the client's real address in X-Forwarded-For, not the one the client claims", async () => {
    const page = await call(`${site}/account/login/`);
    const session = (page.headers["set-cookie"] ?? []).find((line) => line.startsWith("__Host-sid="))!.split(";")[0]!;
    const token = /<meta name="csrf-token" content="([^"]+)">/.exec(page.body)![1]!;
    const failed = await call(`${site}/account/login/`, {
      method: "POST",
      headers: { Cookie: session, "X-CSRFToken": token, Origin: site, "Content-Type": "application/json", Accept: "application/json", "X-Forwarded-For": "203.0.113.9" },
      body: JSON.stringify({ email: "proxied@example.org", password: "Wrong-pass-1!" }),
    });
    expect(failed.status).toBe(401);
    // The sign-in failure counter is kept per address (Express's req.ip): the real one, 127.0.0.1.
    const keys = await redis.client.keys(`${redis.prefix}rate:login-failures:address:*`);
    expect(keys).toEqual([`${redis.prefix}rate:login-failures:address:127.0.0.1`]);
  });
});
