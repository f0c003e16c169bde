import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

/**
 * Loads a page in real Chromium and adds up the gzipped size of every
 * JavaScript file it downloads, including the widget chunks the runtime
 * imports after load (so lazy triggers are counted only when they fire),
 * and the bytes of those bodies as the server sent them (`servedBytes`: Brotli
 * where the build wrote a copy, since Chromium accepts it).
 */
export async function gzippedJavaScriptBytes(url: string): Promise<{ files: number; bytes: number; servedBytes: number }> {
  const browser = await chromium.launch({
    executablePath: existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  try {
    const page = await browser.newPage();
    const bodies: Promise<Buffer>[] = [];
    const served: Promise<number>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script" || response.url().endsWith(".js")) {
        bodies.push(response.body());
        served.push(response.request().sizes().then((sizes) => sizes.responseBodySize));
      }
    });
    await page.goto(url, { waitUntil: "networkidle" });
    const buffers = await Promise.all(bodies);
    return {
      files: buffers.length,
      bytes: buffers.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
      servedBytes: (await Promise.all(served)).reduce((sum, size) => sum + size, 0),
    };
  } finally {
    await browser.close();
  }
}
