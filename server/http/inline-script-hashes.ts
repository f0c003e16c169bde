import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { templatesDir } from "../paths";

/*
 * The CSP allows the layout's one inline script by its sha256 hash, not by a
 * per-response nonce, so a visitor's page is the same bytes for everyone and
 * can be kept and shared (docs/performance.md, "CSP: a hash, not a nonce").
 * Read from the template once at start, so editing the script cannot leave a
 * stale hash behind.
 */

const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([^<]+)<\/script>/g;

/** `'sha256-…'` for each inline script in the layout, ready for script-src. */
export function inlineScriptHashes(layoutPath = path.join(templatesDir, "layouts", "base.njk")): string[] {
  const layout = readFileSync(layoutPath, "utf8");
  const hashes = [...layout.matchAll(inlineScript)].map(
    ([, body]) => `'sha256-${createHash("sha256").update(body ?? "", "utf8").digest("base64")}'`,
  );
  if (hashes.length === 0) throw new Error(`no inline script found in ${layoutPath}: the CSP expects the layout's no-js switch`);
  return hashes;
}
