import { createHash } from "node:crypto";
import request from "supertest";
import { createTestApp, type TestApp } from "../support/test-app";

function directives(header: string | undefined): Map<string, string> {
  return new Map(
    (header ?? "").split(";").map((directive) => {
      const [name = "", ...values] = directive.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

describe("security headers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("allows the page's one inline script by its sha256 hash, so every visitor's page is the same bytes", async () => {
    const [first, second] = [await request(t.app).get("/"), await request(t.app).get("/")];
    const csp = first.headers["content-security-policy"];
    expect(csp).toBe(second.headers["content-security-policy"]);
    expect(csp).not.toContain("'nonce-");
    expect(first.text).toBe(second.text);
    // Data blocks (widget props, JSON-LD) are never run, so the CSP does not apply to them.
    const isDataBlock = (attributes: string) => /type="application\/(ld\+)?json"/.test(attributes);
    const inline = [...first.text.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([^<]*)<\/script>/g)].filter(([, attributes]) => !isDataBlock(attributes!));
    expect(inline).toHaveLength(1);
    const hash = createHash("sha256").update(inline[0]![2]!, "utf8").digest("base64");
    expect(directives(csp).get("script-src")).toBe(`'self' 'sha256-${hash}'`);
    // Every other script loads from our origin.
    for (const [tag] of first.text.matchAll(/<script\b[^>]*>/g)) {
      expect(tag === "<script>" || /\ssrc="\/static\//.test(tag) || isDataBlock(tag)).toBe(true);
    }
  });

  it("allows scripts only from the site or by hash, and no plugins, <base> or framing by others", async () => {
    const csp = directives((await request(t.app).get("/")).headers["content-security-policy"]);
    expect(csp.get("script-src")).toMatch(/^'self' 'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(csp.get("script-src-attr")).toBe("'none'");
    expect(csp.get("style-src")).toBe("'self'");
    expect(csp.get("img-src")).toBe("'self' data:");
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'none'");
    expect(csp.get("frame-ancestors")).toBe("'self'");
    expect(csp.get("form-action")).toBe("'self'");
    expect([...csp.values()].join(" ")).not.toContain("unsafe-inline");
  });

  it("sends helmet's other headers, and HSTS only over https", async () => {
    const response = await request(t.app).get("/healthz");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["x-powered-by"]).toBeUndefined();
    expect(response.headers["strict-transport-security"]).toBeUndefined();

    const https = await createTestApp({ env: { PUBLIC_URL: "https://www.example.org" } });
    try {
      const secure = await request(https.app).get("/healthz");
      expect(secure.headers["strict-transport-security"]).toBe("max-age=31536000");
      expect(directives(secure.headers["content-security-policy"]).has("upgrade-insecure-requests")).toBe(true);
    } finally {
      await https.close();
    }
  });

  it("allows the Vite dev server in development only", async () => {
    const dev = await createTestApp({ env: { VITE_DEV_SERVER_URL: "http://localhost:5173" } });
    try {
      const response = await request(dev.app).get("/");
      const csp = directives(response.headers["content-security-policy"]);
      expect(csp.get("script-src")).toContain("http://localhost:5173");
      expect(csp.get("connect-src")).toContain("ws://localhost:5173");
      expect(response.text).toContain('<script type="module" src="http://localhost:5173/@vite/client"></script>');
      // The dev server's React refresh preamble is inline too: a per-response nonce admits it there.
      const nonce = /'nonce-([^']+)'/.exec(csp.get("script-src") ?? "")?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(response.text).toContain(`<script nonce="${nonce}">`);
    } finally {
      await dev.close();
    }
  });
});

describe("security headers, computed once", () => {
  it("are the same on every response but for the nonce", async () => {
    const t = await createTestApp();
    try {
      const [first, second] = [await request(t.app).get("/healthz"), await request(t.app).get("/search/autocomplete/?query=x")];
      const securityHeaderNames = ["cross-origin-opener-policy", "cross-origin-resource-policy", "origin-agent-cluster", "x-frame-options", "x-xss-protection"];
      for (const name of securityHeaderNames) {
        expect(first.headers[name]).toBeDefined();
        expect(second.headers[name]).toBe(first.headers[name]);
      }
      const withoutNonce = (csp: string | undefined) => (csp ?? "").replace(/'nonce-[^']+'/, "'nonce-'");
      expect(withoutNonce(second.headers["content-security-policy"])).toBe(withoutNonce(first.headers["content-security-policy"]));
    } finally {
      await t.close();
    }
  });
});
