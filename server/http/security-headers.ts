import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import type { Config } from "../config";
import { inlineScriptHashes } from "./inline-script-hashes";

/**
 * helmet's headers. Scripts run only from our origin, or inline by their
 * sha256 hash (the layout's one inline script marks <html> as JS-enabled), so
 * a page is the same bytes for every visitor; no inline styles, no plugins,
 * no <base>. In development a fresh nonce per response (res.locals.cspNonce)
 * also admits the Vite dev server's React refresh preamble.
 */
export function securityHeaders(config: Config): RequestHandler[] {
  const headers = helmet(helmetOptions(config));
  return config.viteDevServerUrl ? [assignCspNonce, headers] : [headers];
}

const assignCspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

function helmetOptions(config: Config): Parameters<typeof helmet>[0] {
  const https = config.secureCookies;
  // In `npm run dev` the Vite dev server serves scripts, styles and the HMR socket.
  const dev = config.viteDevServerUrl ? new URL(config.viteDevServerUrl) : undefined;
  const devOrigins = dev ? [dev.origin] : [];
  const devSockets = dev ? [`${dev.protocol === "https:" ? "wss:" : "ws:"}//${dev.host}`] : [];
  // helmet hands over Node's response; in this app it is always Express's.
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as Response).locals.cspNonce as string}'`;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(), ...(dev ? [nonce] : []), ...devOrigins],
        scriptSrcAttr: ["'none'"],
        // Vite's dev server injects <style> elements for hot updates; production stays 'self' only.
        styleSrc: ["'self'", ...devOrigins, ...(dev ? ["'unsafe-inline'"] : [])],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...devOrigins, ...devSockets],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Over plain http (localhost) HSTS would be ignored at best; behind https it pins the site to https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  };
}
