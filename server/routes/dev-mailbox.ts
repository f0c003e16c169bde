import { Router, type Response } from "express";
import type { Config } from "../config";
import { notFound } from "../http/errors";
import { isLoopbackAddress } from "../http/loopback";
import { mailboxEntry } from "../mail/mailbox-view";
import type { MailboxService } from "../mail/mailbox-service";

/** How many messages the list shows; older ones stay in the table. */
const listLimit = 100;

/**
 * An email's own HTML, shown in a frame on the message page: nothing in it may
 * run or load (no scripts, no remote images, no forms) and only its inline
 * styles apply. The `sandbox` directive gives it an opaque origin, so it can
 * never reach the site's cookies or pages. `allow-scripts` there (and on the
 * iframe) lets testing tools such as axe look inside the frame; the page's
 * own scripts still cannot run, since script-src falls back to 'none'.
 */
const emailHtmlPolicy = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  "sandbox allow-scripts",
].join("; ");

export const DEV_MAILBOX_PATH = "/dev/mailbox/";

/**
 * Whether the app has a dev mailbox at all: never in production, where its
 * routes are not even registered. Development and test (the test suites and
 * the e2e server run as NODE_ENV=test) have one.
 */
export function servesDevMailbox(config: Pick<Config, "nodeEnv">): boolean {
  return config.nodeEnv !== "production";
}

/**
 * The development mailbox: what the embedded mailer "sent" (the outbox
 * table), newest first, and each message's text and HTML bodies. It shows
 * every password-reset link, so reading it would sign anyone in as anyone:
 * it answers only requests from this machine (`req.ip` is loopback, with
 * TRUST_PROXY deciding whose address that is), and everyone else gets a 404
 * as if it did not exist. Mounted only when `servesDevMailbox` (server/app.ts).
 */
export function devMailboxRoutes(options: { mailbox: MailboxService }): Router {
  const { mailbox } = options;
  const router = Router({ strict: true });
  router.use("/dev/mailbox", (req, res, next) => {
    if (!isLoopbackAddress(req.ip)) throw notFound();
    res.set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
    next();
  });

  router.get("/dev/mailbox", (_req, res) => res.redirect(301, DEV_MAILBOX_PATH));

  // ?to= narrows the list to one address, so a test (or a developer) finds its own mail however busy the outbox is.
  router.get(DEV_MAILBOX_PATH, async (req, res) => {
    const to = typeof req.query.to === "string" ? req.query.to.trim().slice(0, 320) : "";
    const messages = await mailbox.messages(listLimit, to || undefined);
    res.render("pages/dev/mailbox.njk", { messages: messages.map(mailboxEntry), listLimit, to });
  });

  router.get("/dev/mailbox/:id/", async (req, res) => {
    const message = await messageOr404(mailbox, req.params.id);
    res.render("pages/dev/mailbox-message.njk", { message: mailboxEntry(message) });
  });

  router.get("/dev/mailbox/:id/html/", async (req, res) => {
    const message = await messageOr404(mailbox, req.params.id);
    if (message.html_body === null) throw notFound("This message's HTML body was not kept. Go back to the mailbox.");
    sendEmailHtml(res, message.html_body);
  });

  return router;
}

async function messageOr404(mailbox: MailboxService, id: string) {
  const message = /^\d{1,9}$/.test(id) ? await mailbox.findMessage(Number(id)) : undefined;
  if (!message) throw notFound("There is no message with that number. Go back to the mailbox to see the messages there are.");
  return message;
}

function sendEmailHtml(res: Response, html: string): void {
  res.set("Content-Security-Policy", emailHtmlPolicy).type("html").send(html);
}
