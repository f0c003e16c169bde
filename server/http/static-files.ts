import express, { type RequestHandler, type Response } from "express";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { ContentCoding } from "../cache/compressed-answer";
import { preferredEncoding } from "./accept-encoding";

const oneYearSeconds = 365 * 24 * 60 * 60;
const codings: readonly ContentCoding[] = ["br", "gzip"];
const suffixOf: Record<ContentCoding, string> = { br: ".br", gzip: ".gz" };

/**
 * /static from static/. Vite's output (static/dist) has content hashes in its
 * names, so it is cached for a year and may be loaded by pages on other sites
 * (the embedding example); everything else is cached briefly.
 *
 * The build writes Brotli and gzip copies beside each bundle file
 * (scripts/vite-precompress.ts); a request that accepts one gets it, with the
 * original's Content-Type, and every answer for such a file says
 * `Vary: Accept-Encoding`. Which copies exist is read once, at startup.
 */
export function staticFiles(staticDir: string, bundleDir: string): RequestHandler {
  const root = path.resolve(staticDir);
  const bundleRoot = path.resolve(bundleDir) + path.sep;
  const copies = precompressedCopies(bundleDir, root);
  const serve = express.static(staticDir, {
    index: false,
    // A missing asset is a plain 404 here, without a session or a database query.
    fallthrough: false,
    setHeaders(res: Response, filePath) {
      if (path.resolve(filePath).startsWith(bundleRoot)) {
        res.setHeader("Cache-Control", `public, max-age=${oneYearSeconds}, immutable`);
        res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
        res.setHeader("Access-Control-Allow-Origin", "*");
      } else {
        res.setHeader("Cache-Control", "public, max-age=3600");
      }
      const coding = res.locals.contentCoding as ContentCoding | undefined;
      if (coding) {
        // The type of the file before compression; send would name the .br or .gz file's.
        res.type(path.extname(filePath.slice(0, -suffixOf[coding].length)));
        res.setHeader("Content-Encoding", coding);
      }
    },
  });
  return (req, res, next) => {
    const available = copies.get(req.path);
    if (available && (req.method === "GET" || req.method === "HEAD")) {
      res.vary("Accept-Encoding");
      const coding = preferredEncoding(req.get("accept-encoding"), available);
      if (coding !== "identity") {
        res.locals.contentCoding = coding;
        const query = req.url.indexOf("?");
        req.url = req.path + suffixOf[coding] + (query === -1 ? "" : req.url.slice(query));
      }
    }
    serve(req, res, next);
  };
}

/** URL path under /static (e.g. /dist/assets/main-abc.js) -> the compressed copies beside it. */
function precompressedCopies(bundleDir: string, staticRoot: string): Map<string, ContentCoding[]> {
  const copies = new Map<string, ContentCoding[]>();
  if (!existsSync(bundleDir)) return copies;
  const files = new Set(readdirSync(bundleDir, { recursive: true, encoding: "utf8" }));
  for (const file of files) {
    const available = codings.filter((coding) => files.has(file + suffixOf[coding]));
    if (available.length === 0) continue;
    const urlPath = "/" + path.relative(staticRoot, path.join(path.resolve(bundleDir), file)).split(path.sep).join("/");
    copies.set(urlPath, available);
  }
  return copies;
}
