import { once } from "node:events";
import { createServer, get as httpGet, type IncomingMessage, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Express } from "express";
import request from "supertest";

/** The token of `<meta name="csrf-token">` in a rendered page. */
export function csrfTokenOf(html: string): string {
  const token = /<meta name="csrf-token" content="([^"]+)">/.exec(html)?.[1];
  if (!token) throw new Error("the page has no csrf-token meta tag");
  return token;
}

/** The session cookie a response sets, if any: `sid`, or `__Host-sid` over https. */
export function sessionCookieOf(response: { headers: Record<string, unknown> }): string | undefined {
  const cookies = (response.headers["set-cookie"] as string[] | undefined) ?? [];
  return cookies.find((cookie) => /^(__Host-)?sid=/.test(cookie));
}

/**
 * An agent (it keeps cookies) that has opened a page, and that page's CSRF
 * token. The default is the login page: a page without a form (the home page)
 * issues no token and creates no session.
 */
/** What supertest can drive: the Express app, or a plain request handler (the front door, TestApp.handleRequest). */
export type TestTarget = Parameters<typeof request.agent>[0];

export async function browserWithPage(app: TestTarget, path = "/account/login/"): Promise<{ agent: ReturnType<typeof request.agent>; token: string }> {
  const agent = request.agent(app);
  const page = await agent.get(path).set("Accept", "text/html");
  return { agent, token: csrfTokenOf(page.text) };
}

/** What serves a page: an Express app, or a plain request handler (the front door, TestApp.handleRequest). */
export type PageApp = Express | RequestListener;

/** GET as a browser does (gzip and Brotli accepted), over a real socket: the body as sent, then decoded by zlib's own gunzip (or Brotli). */
export async function fetchAsBrowser(app: PageApp, cookie: string, path: string) {
  const server = createServer(app).listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const { port } = server.address() as AddressInfo;
    const [response] = (await once(
      httpGet({ host: "127.0.0.1", port, path, headers: { Cookie: cookie, Accept: "text/html", "Accept-Encoding": "gzip, br" } }),
      "response",
    )) as [IncomingMessage];
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const encoding = response.headers["content-encoding"];
    const html = (encoding === "gzip" ? gunzipSync(raw) : encoding === "br" ? brotliDecompressSync(raw) : raw).toString();
    return { response: { status: response.statusCode, headers: response.headers }, html };
  } finally {
    server.close();
  }
}
