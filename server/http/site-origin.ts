import type { Request } from "express";
import type { Config } from "../config";

/** Where writes may come from: PUBLIC_URL's origin, or, with PUBLIC_URL unset, also the address the browser used. */
export type OriginRule = Pick<Config, "publicOrigin" | "publicUrlIsSet">;

/** Whether `origin` (an Origin header, or a Referer's origin) is this site's own under `rule`. */
export function isSiteOrigin(req: Request, rule: OriginRule, origin: string): boolean {
  return origin === rule.publicOrigin || (!rule.publicUrlIsSet && origin === ownOriginOf(req));
}

/**
 * The site's own origin as this request reached it (`req.protocol` and
 * `req.host` follow TRUST_PROXY). Trusted only while PUBLIC_URL is unset: a
 * newcomer's server answers at http://localhost:3000 and http://127.0.0.1:3000
 * alike, and a cross-site page can send its own Origin but not our Host.
 */
function ownOriginOf(req: Request): string | undefined {
  const origin = `${req.protocol}://${req.host}`;
  return URL.canParse(origin) ? new URL(origin).origin : undefined;
}
