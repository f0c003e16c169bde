import { http } from "../../../../widgets/lib/http";

// Pages without <meta name="csrf-token"> (a plain page view creates no session) still post with their form's token.
describe("http CSRF token source", () => {
  let sent: Headers[];
  beforeEach(() => {
    sent = [];
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return new Response("{}", { status: 200, headers: { "Content-Type": "application/json" } });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.replaceChildren();
    document.body.replaceChildren();
  });

  it("sends the form's _csrf field when the page has no csrf-token meta tag", async () => {
    document.body.innerHTML = '<form method="post"><input type="hidden" name="_csrf" value="form-token"></form>';
    await http.post("/account/save-resource/", { resource_id: 1 });
    expect(sent[0]!.get("X-CSRFToken")).toBe("form-token");
  });

  it("prefers the meta tag when there is one", async () => {
    document.head.innerHTML = '<meta name="csrf-token" content="meta-token">';
    document.body.innerHTML = '<form method="post"><input type="hidden" name="_csrf" value="form-token"></form>';
    await http.post("/account/save-resource/", { resource_id: 1 });
    expect(sent[0]!.get("X-CSRFToken")).toBe("meta-token");
  });

  it("sends no token header when the page has neither", async () => {
    await http.post("/account/save-resource/", { resource_id: 1 });
    expect(sent[0]!.has("X-CSRFToken")).toBe(false);
  });
});
