import request from "supertest";
import { addPerson, browserOnLoginPage, inAYear, strongPassword } from "../server/accounts/support";
import { createTestApp, type TestApp } from "../server/support/test-app";
import { safeNextPath } from "../../contracts/rules/same-site-path";
import { DEFAULT_NEXT_PATH } from "../../contracts/rules/sign-in-destination";

describe("safeNextPath", () => {
  it.each(["/account/my-account/", "/resources/?page=2&type=film#top", "/", "/events/macbeth-2026/"])("V3.7.2 keeps the same-site path %j", (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "http:evil.example",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "/\t/evil.example",
    "/\n/evil.example",
    " /account/",
    "evil.example",
    "account/my-account/",
    "",
  ])("V3.7.2 falls back for %j", (payload) => {
    expect(safeNextPath(payload)).toBe(DEFAULT_NEXT_PATH);
  });

  it("V3.7.2 falls back for values that are not strings", () => {
    expect(safeNextPath(undefined)).toBe("/account/my-account/");
    expect(safeNextPath(["/a/", "/b/"])).toBe("/account/my-account/");
  });

  it("V3.7.2 uses the given fallback", () => {
    expect(safeNextPath("//evil.example", "/")).toBe("/");
  });
});

describe("open redirects through sign-in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await addPerson(t.database.db, { email: "member@example.org", membershipExpiresAt: inAYear() });
  });
  afterAll(() => t.close());

  const payloads = ["https://evil.example", "//evil.example", "/\\evil.example", "http:evil.example", "javascript:alert(1)", "/\t/evil.example"];

  it.each(payloads)("V3.7.2 signs in and falls back to /account/my-account/ for next=%s", async (payload) => {
    const { agent, token } = await browserOnLoginPage(t.app);
    const response = await agent.post("/account/login/").type("form").send({ _csrf: token, email: "member@example.org", password: strongPassword, next: payload });
    expect(response.headers.location).toBe("/account/my-account/");
  });

  it.each(payloads)("V3.7.2 V1.2.2 never puts next=%s on the login page", async (payload) => {
    const page = await request(t.app).get(`/account/login/?next=${encodeURIComponent(payload)}`);
    expect(page.text).toContain('data-next="/account/my-account/"');
    expect(page.text).not.toMatch(/(data-[a-z-]+|value)="[^"]*evil\.example/);
  });
});
