import { http, HttpError, NetworkError } from "../../../../widgets/lib/http";

interface RecordedRequest {
  url: string;
  init: RequestInit;
  headers: Headers;
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function stubFetch(respond: () => Response | Promise<Response>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    requests.push({ url, init, headers: new Headers(init.headers) });
    return respond();
  });
  return requests;
}

function setMeta(name: string, content: string): void {
  const meta = document.createElement("meta");
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
}

describe("http", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.innerHTML = "";
  });

  it("GETs JSON with the query string, credentials and X-Requested-With, and no CSRF header", async () => {
    setMeta("csrf-token", "token-123");
    const requests = stubFetch(() => jsonResponse({ results: [1] }));
    const body = await http.get<{ results: number[] }>("/api/events", {
      query: { page: 2, q: "macbeth & co", type: undefined },
    });
    expect(body).toEqual({ results: [1] });
    expect(requests[0]!.url).toBe("/api/events?page=2&q=macbeth+%26+co");
    expect(requests[0]!.init.method).toBe("GET");
    expect(requests[0]!.init.credentials).toBe("include");
    expect(requests[0]!.headers.get("X-Requested-With")).toBe("XMLHttpRequest");
    expect(requests[0]!.headers.get("Accept")).toBe("application/json");
    expect(requests[0]!.headers.has("X-CSRFToken")).toBe(false);
  });

  it("POSTs a JSON body with the CSRF token from <meta name=csrf-token>, read at call time", async () => {
    const requests = stubFetch(() => jsonResponse({ success: true }, 201));
    setMeta("csrf-token", "token-abc");
    await http.post("/api/saved", { resourceId: 7 });
    expect(requests[0]!.init.method).toBe("POST");
    expect(requests[0]!.init.body).toBe('{"resourceId":7}');
    expect(requests[0]!.headers.get("Content-Type")).toBe("application/json");
    expect(requests[0]!.headers.get("X-CSRFToken")).toBe("token-abc");
  });

  it("uses the header name and base URL from meta tags, for another backend", async () => {
    setMeta("csrf-token", "t1");
    setMeta("csrf-header-name", "X-CSRF-Token");
    setMeta("api-base-url", "https://members.example.org/");
    const requests = stubFetch(() => new Response(null, { status: 204 }));
    await expect(http.delete("/api/saved/7")).resolves.toBeUndefined();
    await http.put("/api/notes/1", { text: "x" });
    expect(requests[0]!.url).toBe("https://members.example.org/api/saved/7");
    expect(requests[0]!.headers.get("X-CSRF-Token")).toBe("t1");
    expect(requests[0]!.headers.has("X-CSRFToken")).toBe(false);
    expect(requests[1]!.init.method).toBe("PUT");
    expect(requests[1]!.headers.get("X-CSRF-Token")).toBe("t1");
  });

  it("asks for quiet refusals, and reads a 200 with Refusal-Status back as that refusal (no red console line)", async () => {
    const errors = { success: false, errors: { __all__: ["That person is already an admin."] } };
    const requests = stubFetch(
      () => new Response(JSON.stringify(errors), { status: 200, headers: { "Content-Type": "application/json", "Refusal-Status": "409" } }),
    );
    const failure = await http.post("/account/school/1/make-admin/2/", {}).catch((error: unknown) => error);
    expect(requests[0]!.headers.get("Prefer")).toBe("quiet-refusal");
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(409);
    expect((failure as HttpError).body).toEqual(errors);
  });

  it("throws HttpError with the status and the parsed error body on a non-2xx answer", async () => {
    const errors = { success: false, errors: { email: ["Enter an email address"] } };
    stubFetch(() => jsonResponse(errors, 400));
    const failure = await http.post("/api/register", {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(400);
    expect((failure as HttpError).body).toEqual(errors);
  });

  it("throws NetworkError with a message that says what to do when fetch itself fails", async () => {
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    const failure = await http.get("/api/events").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect((failure as NetworkError).message).toMatch(/check your connection and try again/i);
  });

  it("lets an abort through as an AbortError, not a NetworkError", async () => {
    stubFetch(() => Promise.reject(new DOMException("aborted", "AbortError")));
    const failure = await http.get("/api/events", { signal: new AbortController().signal }).catch((e: unknown) => e);
    expect(failure).not.toBeInstanceOf(NetworkError);
    expect((failure as DOMException).name).toBe("AbortError");
  });
});
