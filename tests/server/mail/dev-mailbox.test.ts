import request from "supertest";
import { createTestApp, type TestApp } from "../support/test-app";
import { sampleContexts } from "./support";

describe("the dev mailbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const newestId = async () =>
    (await t.database.db.selectFrom("mail_outbox").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id;

  it("says there are no messages yet when the outbox is empty", async () => {
    const response = await request(t.app).get("/dev/mailbox/");
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.text).toContain("No messages yet.");
  });

  it("lists messages newest first, each linking to its own page", async () => {
    await t.services.mailer.send({ to: "first@example.com", template: "email-changed", context: sampleContexts["email-changed"] });
    await t.services.mailer.send({ to: "second@example.com", template: "password-reset", context: sampleContexts["password-reset"] });
    const id = await newestId();

    const response = await request(t.app).get("/dev/mailbox/");
    expect(response.status).toBe(200);
    expect(response.text.indexOf("second@example.com")).toBeLessThan(response.text.indexOf("first@example.com"));
    expect(response.text).toContain(`<a href="/dev/mailbox/${id}/">Reset your Greyfriars Playhouse password</a>`);
    expect(response.text).toContain("2 most recent messages");
  });

  it("shows a message's details, its text with clickable links, and its HTML in a sandboxed frame", async () => {
    const id = await newestId();
    const response = await request(t.app).get(`/dev/mailbox/${id}/`);
    expect(response.status).toBe(200);
    const { resetUrl } = sampleContexts["password-reset"];
    expect(response.text).toContain(`<a href="${resetUrl}">${resetUrl}</a>`);
    expect(response.text).toContain("<td>second@example.com</td>");
    expect(response.text).toMatch(new RegExp(`<iframe src="/dev/mailbox/${id}/html/" title="HTML version of[^"]*" sandbox="allow-scripts" `));
  });

  it("serves the HTML body under a policy that lets nothing run or load", async () => {
    const id = await newestId();
    const response = await request(t.app).get(`/dev/mailbox/${id}/html/`);
    expect(response.status).toBe(200);
    expect(response.type).toBe("text/html");
    expect(response.text).toContain(`href="${sampleContexts["password-reset"].resetUrl}"`);
    const policy = response.headers["content-security-policy"] as string;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("sandbox");
    expect(policy).not.toContain("script-src");
  });

  it("escapes what visitors typed", async () => {
    await t.services.mailer.send({
      to: "learning@greyfriars.example",
      template: "contact-message",
      context: { ...sampleContexts["contact-message"], subject: "<b>Bold</b> & more", message: "<script>alert(1)</script> see https://example.org/<x>" },
    });
    const id = await newestId();
    const list = await request(t.app).get("/dev/mailbox/");
    expect(list.text).toContain("Website message: &lt;b&gt;Bold&lt;/b&gt; &amp; more");
    const page = await request(t.app).get(`/dev/mailbox/${id}/`);
    expect(page.text).not.toContain("<script>alert(1)</script>");
    expect(page.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page.text).toContain('<a href="https://example.org/">https://example.org/</a>&lt;x&gt;');
  });

  const insertRow = (values: { subject: string; text: string | null; sentAt: string | null; failedAt: string | null; lastError: string | null; attempts: number }) =>
    t.database.db
      .insertInto("mail_outbox")
      .values({
        template: "email-changed",
        from_address: "no-reply@greyfriars.example",
        to_address: "smtp@example.com",
        reply_to: null,
        subject: values.subject,
        text_body: values.text,
        html_body: values.text && `<p>${values.text}</p>`,
        created_at: new Date().toISOString(),
        sent_at: values.sentAt,
        last_error: values.lastError,
        attempts: values.attempts,
        next_attempt_at: null,
        claimed_until: null,
        failed_at: values.failedAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

  it("says the bodies are no longer kept for messages a mail server accepted", async () => {
    const { id } = await insertRow({ subject: "Sent by SMTP", text: null, sentAt: new Date().toISOString(), failedAt: null, lastError: "Connection refused", attempts: 2 });
    const page = await request(t.app).get(`/dev/mailbox/${id}/`);
    expect(page.text).toContain("The body is no longer kept");
    // Delivered in the end: the earlier attempt's error is history, not status.
    expect(page.text).toContain("<td>Sent</td>");
    expect(page.text).toMatch(/<th scope="row">Attempts<\/th><td>2<\/td>/);
    expect(page.text).not.toContain("<iframe");
    expect((await request(t.app).get(`/dev/mailbox/${id}/html/`)).status).toBe(404);
  });

  it("shows a message given up after its attempts, with the last attempt's error", async () => {
    const { id } = await insertRow({ subject: "Given up", text: "Never sent", sentAt: null, failedAt: new Date().toISOString(), lastError: "Connection refused", attempts: 12 });
    const page = await request(t.app).get(`/dev/mailbox/${id}/`);
    expect(page.text).toContain("Given up (last attempt: Connection refused)");
    expect(page.text).toContain("Never sent");
  });

  it("narrows the list to one address with ?to=, case ignored, and says when there is none", async () => {
    await t.services.mailer.send({ to: "narrow@example.com", template: "email-changed", context: sampleContexts["email-changed"] });
    await t.services.mailer.send({ to: "other@example.com", template: "password-reset", context: sampleContexts["password-reset"] });

    const narrowed = await request(t.app).get("/dev/mailbox/").query({ to: "Narrow@Example.com" });
    expect(narrowed.status).toBe(200);
    expect(narrowed.text).toContain("1 most recent message to Narrow@Example.com");
    expect(narrowed.text).toContain("<td>narrow@example.com</td>");
    expect(narrowed.text).not.toContain("other@example.com");
    expect(narrowed.text).toContain('value="Narrow@Example.com"');

    const none = await request(t.app).get("/dev/mailbox/").query({ to: "<b>nobody</b>@example.com" });
    expect(none.text).toContain("No messages to &lt;b&gt;nobody&lt;/b&gt;@example.com.");
    expect(none.text).not.toContain("<b>nobody</b>");
  });

  it("answers 404 for unknown or malformed message numbers", async () => {
    for (const path of ["/dev/mailbox/999999/", "/dev/mailbox/abc/", "/dev/mailbox/1e3/", "/dev/mailbox/999999/html/"]) {
      const response = await request(t.app).get(path).set("Accept", "text/html");
      expect(response.status, path).toBe(404);
    }
  });

  it("redirects the slashless address", async () => {
    const response = await request(t.app).get("/dev/mailbox");
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe("/dev/mailbox/");
  });

  it("says where it is when the app starts", () => {
    const line = t.logLines().find((entry) => String(entry.msg).startsWith("dev mailbox at "));
    expect(line?.msg).toBe("dev mailbox at http://127.0.0.1:3000/dev/mailbox/ (answers requests from this machine only)");
  });

  it("ignores X-Forwarded-For when TRUST_PROXY is off: the socket's own loopback address decides", async () => {
    const response = await request(t.app).get("/dev/mailbox/").set("X-Forwarded-For", "203.0.113.7");
    expect(response.status).toBe(200);
  });
});

describe("the dev mailbox seen from another machine", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy the client's address is the forwarded one; supertest's own socket is loopback.
    t = await createTestApp({ env: { TRUST_PROXY: "true" } });
    await t.services.mailer.send({ to: "victim@example.com", template: "password-reset", context: sampleContexts["password-reset"] });
  });
  afterAll(() => t.close());

  it("does not exist for a client that is not this machine", async () => {
    const id = (await t.database.db.selectFrom("mail_outbox").select("id").executeTakeFirstOrThrow()).id;
    for (const path of ["/dev/mailbox", "/dev/mailbox/", `/dev/mailbox/${id}/`, `/dev/mailbox/${id}/html/`]) {
      const response = await request(t.app).get(path).set("Accept", "text/html").set("X-Forwarded-For", "203.0.113.7");
      expect(response.status, path).toBe(404);
      expect(response.text).not.toContain("victim@example.com");
      expect(response.text).not.toContain(sampleContexts["password-reset"].resetUrl);
    }
  });

  it("answers a client the proxy says is this machine", async () => {
    for (const address of ["127.0.0.1", "::1"]) {
      const response = await request(t.app).get("/dev/mailbox/").set("X-Forwarded-For", address);
      expect(response.status, address).toBe(200);
      expect(response.text).toContain("victim@example.com");
    }
  });
});

describe("the dev mailbox in production", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: "production" } });
  });
  afterAll(() => t.close());

  it("does not exist", async () => {
    await t.services.mailer.send({ to: "ada@example.com", template: "password-reset", context: sampleContexts["password-reset"] });
    for (const path of ["/dev/mailbox/", "/dev/mailbox/1/", "/dev/mailbox/1/html/"]) {
      const response = await request(t.app).get(path).set("Accept", "text/html");
      expect(response.status, path).toBe(404);
      expect(response.text).not.toContain(sampleContexts["password-reset"].resetUrl);
    }
  });

  it("logs no mailbox address", () => {
    expect(t.logLines().some((line) => String(line.msg).includes("dev mailbox"))).toBe(false);
  });

  it("warns at start that, without MAIL_URL, nobody receives the emails", () => {
    expect(t.logLines().some((line) => line.level === 40 && String(line.msg).startsWith("MAIL_URL is not set"))).toBe(true);
  });
});
