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

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

describe("security headers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("sends a fresh CSP nonce with every response, and the page's inline script carries it", async () => {
    const [first, second] = [await request(t.app).get("/"), await request(t.app).get("/")];
    const [firstNonce, secondNonce] = [nonceOf(first.headers["content-security-policy"]), nonceOf(second.headers["content-security-policy"])];
    expect(firstNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(secondNonce).toBeDefined();
    expect(firstNonce).not.toBe(secondNonce);
    expect(first.text).toContain(`<script nonce="${firstNonce}">`);
    // Every inline script carries the nonce; the others load from our origin.
    for (const [tag] of first.text.matchAll(/<script\b[^>]*>/g)) {
      expect(tag.includes(`nonce="${firstNonce}"`) || /\ssrc="\/static\//.test(tag) || tag.includes("application/json")).toBe(true);
    }
  });

  it("allows scripts only from the site or with the nonce, and no plugins, <base> or framing by others", async () => {
    const csp = directives((await request(t.app).get("/")).headers["content-security-policy"]);
    expect(csp.get("script-src")).toMatch(/^'self' 'nonce-[^']+'$/);
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
