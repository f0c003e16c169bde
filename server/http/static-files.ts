import express, { type RequestHandler } from "express";
import path from "node:path";

const oneYearSeconds = 365 * 24 * 60 * 60;

/**
 * /static from static/. Vite's output (static/dist) has content hashes in its
 * names, so it is cached for a year and may be loaded by pages on other sites
 * (the embedding example); everything else is cached briefly.
 */
export function staticFiles(staticDir: string, bundleDir: string): RequestHandler {
  const bundleRoot = path.resolve(bundleDir) + path.sep;
  return express.static(staticDir, {
    index: false,
    // A missing asset is a plain 404 here, without a session or a database query.
    fallthrough: false,
    setHeaders(res, filePath) {
      if (path.resolve(filePath).startsWith(bundleRoot)) {
        res.setHeader("Cache-Control", `public, max-age=${oneYearSeconds}, immutable`);
        res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
        res.setHeader("Access-Control-Allow-Origin", "*");
      } else {
        res.setHeader("Cache-Control", "public, max-age=3600");
      }
    },
  });
}
