import { randomFillSync } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Config } from "../config";
import { inlineScriptHashes } from "./inline-script-hashes";

/**
 * helmet's headers, every one computed once, at startup: a request only sets
 * them (helmet, run per request, rebuilt the policy string and walked a dozen
 * small middlewares each time). Scripts run only from our origin, or inline by
 * their sha256 hash (the layout's one inline script marks <html> as
 * JS-enabled), so a page is the same bytes for every visitor; no inline
 * styles, no plugins, no <base>. In development a fresh nonce per response
 * (res.locals.cspNonce) also admits the Vite dev server's React refresh preamble.
 */
export function securityHeaders(config: Config, fixedSet = fixedSecurityHeaders(config)): RequestHandler {
  if (fixedSet) {
    return (_req, res, next) => {
      setSecurityHeaders(res, fixedSet);
      next();
    };
  }
  const fixed = helmetHeaders(config);
  const hashes = inlineScriptHashes().join(" ");
  const [beforeNonce, afterNonce] = contentSecurityPolicy(config, `${hashes} 'nonce-${noncePlaceholder}'`).split(noncePlaceholder) as [string, string];
  return (_req, res, next) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", beforeNonce + nonce + afterNonce);
    for (const [name, value] of fixed) res.setHeader(name, value);
    next();
  };
}

/** Every security header, the policy first, as [name, value] pairs set in this order. */
export type SecurityHeaderSet = readonly (readonly [string, string])[];

/**
 * The security headers of every answer, computed once; undefined in
 * development with the Vite dev server, where each response has its own
 * nonce. The Express middleware above and the front door (front-door.ts) set
 * this one list.
 */
export function fixedSecurityHeaders(config: Config): SecurityHeaderSet | undefined {
  if (config.viteDevServerUrl) return undefined;
  return [["Content-Security-Policy", contentSecurityPolicy(config, inlineScriptHashes().join(" "))], ...helmetHeaders(config)];
}

export function setSecurityHeaders(res: ServerResponse, headers: SecurityHeaderSet): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}

const noncePlaceholder = "\u0000nonce\u0000";

/**
 * The Content-Security-Policy, with `inlineScriptSources` (`'sha256-…'` sources, and a `'nonce-…'` in development)
 * allowing the page's one inline script. The one place
 * the policy is written.
 */
export function contentSecurityPolicy(config: Config, inlineScriptSources: string): string {
  // In `npm run dev` the Vite dev server serves scripts, styles and the HMR socket.
  const dev = config.viteDevServerUrl ? new URL(config.viteDevServerUrl) : undefined;
  const devOrigins = dev ? [dev.origin] : [];
  const devSockets = dev ? [`${dev.protocol === "https:" ? "wss:" : "ws:"}//${dev.host}`] : [];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", inlineScriptSources, ...devOrigins]],
    ["script-src-attr", ["'none'"]],
    // Vite's dev server injects <style> elements for hot updates; production stays 'self' only.
    ["style-src", ["'self'", ...devOrigins, ...(dev ? ["'unsafe-inline'"] : [])]],
    ["img-src", ["'self'", "data:"]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...devOrigins, ...devSockets]],
    ["media-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["frame-ancestors", ["'self'"]],
    ["form-action", ["'self'"]],
    ...(config.secureCookies ? [["upgrade-insecure-requests", []] as [string, string[]]] : []),
  ];
  return directives.map(([name, sources]) => [name, ...sources].join(" ")).join(";");
}

/** helmet's headers but the policy, as helmet itself sets them: run once against a recording response. */
function helmetHeaders(config: Config): [string, string][] {
  const https = config.secureCookies;
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  helmet({
    contentSecurityPolicy: false,
    // Over plain http (localhost) HSTS would be ignored at best; behind https it pins the site to https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  })({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/** 16 random bytes per nonce, drawn from a pool refilled 256 nonces at a time (one system call instead of 256). */
const pool = Buffer.alloc(16 * 256);
let poolOffset = pool.length;

function newNonce(): string {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += 16;
  return pool.toString("base64", poolOffset - 16, poolOffset);
}
