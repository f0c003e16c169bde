/**
 * A signed-in member's pages (issue 27): a resource page and My account,
 * requested with a real session made by signing in as a demo member
 * (BENCH_MEMBER_EMAIL, default individual@example.com, whose individual
 * membership opens the members' resources; README's demo accounts), the way
 * the login widget does: the sign-in page for a session and its CSRF token,
 * then the JSON login call. Every request of the row carries that one
 * session's cookie. The resource is BENCH_MEMBER_RESOURCE, else the first
 * linked from /resources/. Each page is checked once first: signed in, and
 * for the resource the member's own view (the tools panel), so a sign-in
 * that failed is never measured as a fast visitor's page.
 */
import type { Scenario } from "./instances-api";

const memberEmail = process.env.BENCH_MEMBER_EMAIL ?? "individual@example.com";
const memberPassword = process.env.BENCH_MEMBER_PASSWORD ?? "Demo-pass-1!";

/** The `name=value` part of each Set-Cookie of a response. */
function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
}

/** Signs in through the real login call and returns the session's Cookie header. */
export async function signInForBench(baseUrl: string, email = memberEmail, password = memberPassword): Promise<string> {
  const loginPage = await fetch(`${baseUrl}/account/login/`, { headers: { Accept: "text/html" } });
  const anonymous = cookiesOf(loginPage).join("; ");
  const token = /<meta name="csrf-token" content="([^"]+)">/.exec(await loginPage.text())?.[1];
  if (!anonymous || !token) throw new Error(`${baseUrl}/account/login/ gave no session cookie or CSRF token.`);
  const signedIn = await fetch(`${baseUrl}/account/login/`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": token, Cookie: anonymous, Origin: baseUrl },
    body: JSON.stringify({ email, password, next: "/account/my-account/" }),
  });
  const cookie = cookiesOf(signedIn).join("; ");
  if (!signedIn.ok || !cookie) throw new Error(`Signing in as ${email} answered ${signedIn.status}: ${await signedIn.text()}`);
  return cookie;
}

async function firstResourceSlug(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/resources/`)).text();
  const slug = /href="\/resources\/([a-z0-9-]+)\/"/.exec(html)?.[1];
  if (!slug) throw new Error("No resource linked from /resources/: set BENCH_MEMBER_RESOURCE.");
  return slug;
}

export async function memberPageScenarios(baseUrl: string): Promise<Scenario[]> {
  const cookie = await signInForBench(baseUrl);
  const slug = process.env.BENCH_MEMBER_RESOURCE ?? (await firstResourceSlug(baseUrl));
  const pages = [
    { name: `GET /resources/${slug}/, signed-in member (${memberEmail})`, path: `/resources/${slug}/`, shows: 'class="tools-panel' },
    { name: `GET /account/my-account/, signed-in member (${memberEmail})`, path: "/account/my-account/", shows: memberEmail },
  ];
  for (const { path, shows } of pages) {
    const response = await fetch(`${baseUrl}${path}`, { headers: { Accept: "text/html", Cookie: cookie }, redirect: "manual" });
    const html = await response.text();
    if (response.status !== 200 || !html.includes(shows)) throw new Error(`${path} for a signed-in member answered ${response.status} without "${shows}".`);
  }
  return pages.map(({ name, path }) => ({ name, url: `${baseUrl}${path}`, headers: { Cookie: cookie } }));
}
