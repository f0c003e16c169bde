import request from "supertest";
import { browserOnLoginPage, freshToken, signInAs, strongPassword } from "../accounts/support";
import type { TestTarget } from "../support/pages";

export type Agent = ReturnType<typeof request.agent>;

export const myAccountPath = "/account/my-account/";

/** A browser signed in through the real login call, holding My account's CSRF token. */
export async function signedInBrowser(app: TestTarget, email: string, password = strongPassword): Promise<{ agent: Agent; token: string }> {
  const { agent, token } = await browserOnLoginPage(app);
  await signInAs(agent, token, email, password);
  // Signing in starts a new session, and with it a new token.
  return { agent, token: await freshToken(agent, myAccountPath) };
}

/** A JSON call as the widgets make it (X-Requested-With and Accept, the CSRF header). */
export function jsonCall(agent: Agent, method: "put" | "post", path: string, token: string | undefined, body: object) {
  const call = agent[method](path).set("Accept", "application/json").set("X-Requested-With", "XMLHttpRequest");
  if (token !== undefined) call.set("X-CSRFToken", token);
  return call.send(body);
}

/** A plain HTML form post, as a browser without JavaScript sends it. */
export function formPost(agent: Agent, path: string, token: string, fields: Record<string, string>) {
  return agent
    .post(path)
    .set("Accept", "text/html")
    .type("form")
    .send({ _csrf: token, ...fields });
}

/** The session cookie's value the agent holds now. */
export function sessionIdOf(response: { headers: Record<string, unknown> }): string | undefined {
  const cookies = (response.headers["set-cookie"] as string[] | undefined) ?? [];
  return /^sid=([^;]+)/.exec(cookies.find((cookie) => cookie.startsWith("sid=")) ?? "")?.[1];
}
