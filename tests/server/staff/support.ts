import request from "supertest";
import { nextCode, type Authenticator } from "../../support/authenticator";
import { createAuditLog } from "../../../server/audit/audit-log";
import { isRefusal } from "../../../server/shared/refusal";
import { createStaffByCommand } from "../../../server/staff/staff-command";
import type { TestApp } from "../support/test-app";

/*
 * Staff accounts for the back office's tests: made as `npm run staff:create`
 * makes them, enrolled through the real enrolment page with TOTP codes
 * computed here, as an authenticator app computes them.
 */

export { nextCode, type Authenticator };

export type Agent = ReturnType<typeof request.agent>;

export const staffPassword = "Prompt-book-42!";

/** The hidden _csrf field of a rendered form. */
export function formTokenOf(html: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error("the page has no _csrf field");
  return token;
}

/** A new account's enrolment link, as the command makes it: its path. */
export async function enrolmentLinkFor(t: TestApp, email: string, role: string, newLink = false): Promise<string> {
  const made = await createStaffByCommand({ db: t.database.db, audit: createAuditLog(t.database.db), publicUrl: t.config.publicUrl }, { email, role, newLink });
  if (isRefusal(made)) throw new Error(made.message);
  return new URL(made.link.url).pathname;
}

export interface EnrolledStaff {
  email: string;
  /** A browser signed in to the back office by its enrolment. */
  agent: Agent;
  app: Authenticator;
  recoveryCodes: string[];
}

/** Follows the link (its hand-off to a cookie), reads the secret from the page and enrols: signed in, with ten codes. */
export async function enrolThroughLink(t: TestApp, link: string, email: string): Promise<EnrolledStaff> {
  const agent = request.agent(t.app);
  const handoff = await agent.get(link);
  if (handoff.status !== 303) throw new Error(`the enrolment link answered ${handoff.status}`);
  const page = await agent.get("/staff-enrol/").set("Accept", "text/html");
  const uri = /href="(otpauth:\/\/[^"]+)"/.exec(page.text)?.[1];
  if (!uri) throw new Error(`no otpauth URI on the enrolment page (${page.status})`);
  const app = { secret: new URL(uri.replaceAll("&amp;", "&")).searchParams.get("secret")!, lastStep: 0 };
  const enrolled = await agent
    .post("/staff-enrol/")
    .type("form")
    .send({ _csrf: formTokenOf(page.text), password: staffPassword, confirmPassword: staffPassword, code: nextCode(app) });
  if (enrolled.status !== 200) throw new Error(`enrolment answered ${enrolled.status}: ${enrolled.text.slice(0, 500)}`);
  const recoveryCodes = [...enrolled.text.matchAll(/<li><code>([a-z0-9-]+)<\/code><\/li>/g)].map((match) => match[1]!);
  return { email, agent, app, recoveryCodes };
}

let made = 0;

/** A staff member of this role, enrolled and signed in. */
export async function enrolledStaff(t: TestApp, role: string, label: string = role): Promise<EnrolledStaff> {
  const email = `${label}${++made}@greyfriars.example`;
  return enrolThroughLink(t, await enrolmentLinkFor(t, email, role), email);
}

/** The CSRF token of a back-office page the agent opens now. */
export async function staffToken(agent: Agent, path = "/staff/"): Promise<string> {
  return formTokenOf((await agent.get(path).set("Accept", "text/html")).text);
}

/** A fresh browser on the sign-in page, and that page's token. */
export async function onStaffSignIn(t: TestApp): Promise<{ agent: Agent; token: string }> {
  const agent = request.agent(t.app);
  const page = await agent.get("/staff-sign-in/").set("Accept", "text/html");
  return { agent, token: formTokenOf(page.text) };
}

export function staffSignIn(agent: Agent, token: string, fields: { email: string; password?: string; code: string }) {
  return agent
    .post("/staff-sign-in/")
    .type("form")
    .send({ _csrf: token, email: fields.email, password: fields.password ?? staffPassword, code: fields.code });
}
