import { createCaptionLoader } from "../../../../widgets/gallery/caption-loader";
import { HttpError } from "../../../../widgets/lib/http";

describe("createCaptionLoader", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("resolves to the URL's markup and fetches each URL once", async () => {
    const fetchText = vi.fn(async (url: string) => `<p>Caption from ${url}</p>`);
    const loadCaption = createCaptionLoader(fetchText);
    await expect(loadCaption("/captions/a.html")).resolves.toBe("<p>Caption from /captions/a.html</p>");
    await expect(loadCaption("/captions/a.html")).resolves.toBe("<p>Caption from /captions/a.html</p>");
    await expect(loadCaption("/captions/b.html")).resolves.toBe("<p>Caption from /captions/b.html</p>");
    expect(fetchText.mock.calls.map(([url]) => url)).toEqual(["/captions/a.html", "/captions/b.html"]);
  });

  it("resolves to null and logs, without retrying, when the fetch fails", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchText = vi.fn(async () => {
      throw new HttpError(404, "<h1>Not found</h1>", "GET /captions/gone.html failed with status 404");
    });
    const loadCaption = createCaptionLoader(fetchText);
    await expect(loadCaption("/captions/gone.html")).resolves.toBeNull();
    await expect(loadCaption("/captions/gone.html")).resolves.toBeNull();
    expect(fetchText).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining("/captions/gone.html"), expect.any(HttpError));
  });

  it("treats a JSON answer as no caption", async () => {
    const loadCaption = createCaptionLoader(async () => ({ caption: "not markup" }));
    await expect(loadCaption("/api/caption")).resolves.toBeNull();
  });

  it("fetches through the shared HTTP client by default (api-base-url and all)", async () => {
    const meta = Object.assign(document.createElement("meta"), { name: "api-base-url", content: "https://www.example.org" });
    document.head.append(meta);
    const requested: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      requested.push(url);
      return new Response("<p>From the server</p>", { headers: { "Content-Type": "text/html" } });
    });
    await expect(createCaptionLoader()("/captions/a.html")).resolves.toBe("<p>From the server</p>");
    expect(requested).toEqual(["https://www.example.org/captions/a.html"]);
    meta.remove();
  });
});
