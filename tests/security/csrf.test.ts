import request from "supertest";
import { browserWithPage } from "../server/support/pages";
import { createTestApp, type TestApp } from "../server/support/test-app";

const reloadHint = "Reload the page and try again.";

describe("CSRF protection", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("V3.5.1 refuses a JSON write without a token with 403 and JSON errors", async () => {
    const response = await request(t.app).post("/account/save-resource/").send({ resource_id: 1 });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ success: false, errors: { csrf: [expect.stringContaining(reloadHint)] } });
  });

  it("V3.5.1 refuses a form post without a token with the styled error page", async () => {
    const response = await request(t.app).post("/contact/").type("form").set("Accept", "text/html").send({ message: "Hello" });
    expect(response.status).toBe(403);
    expect(response.type).toBe("text/html");
    expect(response.text).toContain(reloadHint);
    expect(response.text).toContain('<main id="main-content"');
  });

  it("V3.5.1 refuses a wrong token and a token from another session", async () => {
    const { agent } = await browserWithPage(t.app);
    const other = await browserWithPage(t.app);
    for (const token of ["not-the-token", other.token]) {
      const response = await agent.post("/account/save-resource/").set("X-CSRFToken", token).send({ resource_id: 1 });
      expect(response.status).toBe(403);
    }
  });

  it("V3.5.1 lets a write with the session's token through as the X-CSRFToken header or the _csrf field", async () => {
    const { agent, token } = await browserWithPage(t.app);
    // Getting past CSRF shows as the route's own answer: 401 for a visitor saving, 404 where no route answers.
    expect((await agent.post("/account/save-resource/").set("X-CSRFToken", token).send({ resource_id: 1 })).status).toBe(401);
    expect((await agent.post("/contact/").type("form").send({ _csrf: token, message: "Hello" })).status).toBe(404);
    expect((await agent.post("/account/save-resource/").send({ _csrf: token, resource_id: 1 })).status).toBe(401);
  });

  it("V3.5.1 V3.5.3 refuses cross-site writes (Origin, Sec-Fetch-Site) even with a valid token", async () => {
    const { agent, token } = await browserWithPage(t.app);
    const crossOrigin = await agent.post("/account/save-resource/").set("X-CSRFToken", token).set("Origin", "https://evil.example").send({});
    expect(crossOrigin.status).toBe(403);
    expect(crossOrigin.body.errors.csrf).toHaveLength(1);
    const nullOrigin = await agent.post("/account/save-resource/").set("X-CSRFToken", token).set("Origin", "null").send({});
    expect(nullOrigin.status).toBe(403);
    const crossSite = await agent.post("/account/save-resource/").set("X-CSRFToken", token).set("Sec-Fetch-Site", "cross-site").send({});
    expect(crossSite.status).toBe(403);
  });

  it("V3.5.1 accepts the site's own Origin and same-origin fetches", async () => {
    const { agent, token } = await browserWithPage(t.app);
    const response = await agent
      .post("/account/save-resource/")
      .set("X-CSRFToken", token)
      .set("Origin", t.config.publicOrigin)
      .set("Sec-Fetch-Site", "same-origin")
      .send({});
    // Past the CSRF check: the route's own 401 for a visitor.
    expect(response.status).toBe(401);
  });

  it("V3.5.3 never asks reads for a token (writes are POST/PUT/DELETE only)", async () => {
    expect((await request(t.app).get("/").set("Origin", "https://evil.example")).status).toBe(200);
  });

  it("V3.5.1 with PUBLIC_URL set, refuses another Origin without blaming an expired form, and logs a line naming PUBLIC_URL", async () => {
    const { agent, token } = await browserWithPage(t.app);
    // The site's own server, reached at an address PUBLIC_URL does not name.
    const response = await agent
      .post("/account/session/")
      .set("Host", "localhost:3000")
      .set("Origin", "http://localhost:3000")
      .set("X-CSRFToken", token)
      .send({});
    expect(response.status).toBe(403);
    const [message] = response.body.errors.csrf as string[];
    expect(message).not.toContain("expired");
    expect(message).toBe("This was sent from http://localhost:3000, not from this site, so it was not accepted. Open http://127.0.0.1:3000 and try again from there.");
    const line = t.logLines().find((entry) => String(entry.msg).startsWith("write refused: its Origin http://localhost:3000 "));
    expect(line?.msg).toContain("is not PUBLIC_URL's origin http://127.0.0.1:3000");
    expect(line?.level).toBe(40);

    const page = await agent.post("/contact/").type("form").set("Accept", "text/html").set("Origin", "https://evil.example").send({ _csrf: token });
    expect(page.status).toBe(403);
    expect(page.text).toContain("This came from another site");
    expect(page.text).not.toContain("expired");
  });

  it("V3.5.1 still says a form expired when only the token is wrong", async () => {
    const { agent } = await browserWithPage(t.app);
    const response = await agent.post("/account/session/").set("Origin", t.config.publicOrigin).set("X-CSRFToken", "stale").send({});
    expect(response.status).toBe(403);
    expect(response.body.errors.csrf).toEqual(["This form has expired. Reload the page and try again."]);
  });
});

describe("CSRF protection without PUBLIC_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: "", PORT: "3000" } });
  });
  afterAll(() => t.close());

  it.each(["127.0.0.1:3000", "localhost:3000", "192.168.1.20:3000"])(
    "V3.5.1 treats a write whose Origin is the address the browser used (%s) as same-site",
    async (host) => {
      const { agent, token } = await browserWithPage(t.app);
      const response = await agent
        .post("/account/session/")
        .set("Host", host)
        .set("Origin", `http://${host}`)
        .set("Sec-Fetch-Site", "same-origin")
        .set("X-CSRFToken", token)
        .send({});
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, session_created: true });
    },
  );

  it("V3.5.1 still refuses an Origin that is not the address the request came to", async () => {
    const { agent, token } = await browserWithPage(t.app);
    const response = await agent
      .post("/account/session/")
      .set("Host", "127.0.0.1:3000")
      .set("Origin", "http://evil.example")
      .set("X-CSRFToken", token)
      .send({});
    expect(response.status).toBe(403);
    expect(response.body.errors.csrf[0]).toContain("http://evil.example");
  });

  it("V3.5.3 refuses a browser's cross-site mark even when the Origin matches the Host", async () => {
    const { agent, token } = await browserWithPage(t.app);
    const response = await agent
      .post("/account/session/")
      .set("Host", "127.0.0.1:3000")
      .set("Origin", "http://127.0.0.1:3000")
      .set("Sec-Fetch-Site", "cross-site")
      .set("X-CSRFToken", token)
      .send({});
    expect(response.status).toBe(403);
  });

  it("V3.5.1 V4.1.3 with TRUST_PROXY, takes the scheme and host the proxy forwarded", async () => {
    const proxied = await createTestApp({ env: { PUBLIC_URL: "", TRUST_PROXY: "true" } });
    try {
      const { agent, token } = await browserWithPage(proxied.app);
      const call = (origin: string) =>
        agent
          .post("/account/session/")
          .set("X-Forwarded-Proto", "https")
          .set("X-Forwarded-Host", "box.example.org")
          .set("Origin", origin)
          .set("X-CSRFToken", token)
          .send({});
      expect((await call("https://box.example.org")).status).toBe(200);
      expect((await call("http://box.example.org")).status).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

describe("CSRF protection on every write", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Every state-changing route the app registers (server/routes/), except the provider's signed notification.
  const writes: [method: "post" | "put" | "delete", path: string][] = [
    ["post", "/account/session/"],
    ["post", "/account/login/"],
    ["post", "/account/logout/"],
    ["post", "/account/register/"],
    ["post", "/account/forgot-password/"],
    ["post", "/account/reset-password/"],
    ["post", "/account/verify-email/"],
    ["post", "/account/verify-email/confirm/"],
    ["post", "/account/login/link/"],
    ["put", "/account/update-profile/"],
    ["post", "/account/update-profile/"],
    ["put", "/account/update-password/"],
    ["post", "/account/update-password/"],
    ["post", "/account/contact-us-form/"],
    ["post", "/account/school-check"],
    ["post", "/account/create-constituent/"],
    ["post", "/account/create-address/"],
    ["put", "/account/update-address/1/"],
    ["post", "/account/membership-create/1/"],
    ["post", "/account/manual-benefit-usage/"],
    ["post", "/account/affiliation/1/"],
    ["delete", "/account/affiliation/1/delete"],
    ["post", "/account/school/1/make-admin/2/"],
    ["post", "/account/school/remove/1/"],
    ["post", "/account/invite-user/"],
    ["post", "/account/requests/join/"],
    ["post", "/account/requests/support/"],
    ["post", "/account/school/join-requests/1/approve/"],
    ["post", "/account/school/join-requests/1/decline/"],
    ["post", "/account/invite/accept/"],
    ["post", "/account/add-to-basket/"],
    ["post", "/account/save-resource/"],
    ["post", "/resources/generate-shareable-link/"],
    ["post", "/resources/shared/abc/revoke/"],
    ["post", "/resources/notes/1/save/"],
    ["post", "/resources/notes/1/delete/"],
    ["delete", "/resources/notes/1/delete/"],
    ["post", "/payments/sandbox/checkout/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/"],
  ];

  it.each(writes)("V3.5.1 %s %s refuses a write from a browser with a session but without the token", async (method, path) => {
    const { agent } = await browserWithPage(t.app);
    const response = await agent[method](path).set("Accept", "application/json").send({});
    expect(response.status).toBe(403);
    expect(response.body.errors.csrf).toHaveLength(1);
  });
});
