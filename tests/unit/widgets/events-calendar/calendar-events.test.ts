import { calendarEventOf, calendarEventsOf } from "../../../../widgets/events-calendar/calendar-events";
import { fetchCalendarEvents } from "../../../../widgets/events-calendar/fetch-instances";

describe("calendarEventOf", () => {
  it("keeps the London wall-clock time and the prebuilt markup", () => {
    expect(
      calendarEventOf({ id: 12, start_datetime: "2026-07-04T19:30:00+01:00", end_datetime: "2026-07-04T22:00:00+01:00", calendar_html: "<p>x</p>" }),
    ).toEqual({ id: "12", start: "2026-07-04T19:30:00", end: "2026-07-04T22:00:00", extendedProps: { calendarHtml: "<p>x</p>" } });
  });

  it("rejects an answer without an items list", () => {
    expect(() => calendarEventsOf({ results: [] })).toThrow(TypeError);
    expect(() => calendarEventsOf(undefined)).toThrow(TypeError);
  });
});

describe("fetchCalendarEvents", () => {
  afterEach(() => vi.unstubAllGlobals());
  const week = { start: new Date(2026, 10, 23), end: new Date(2026, 10, 30) };

  it("raises 'Could not fetch instances.' for a non-OK status, keeping the cause", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("Server error", { status: 500 })));
    const failure = await fetchCalendarEvents("/api/attendable/v1/instances/", week, {}).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe("Could not fetch instances.");
    expect(((failure as Error).cause as { status: number }).status).toBe(500);
  });

  it("raises the same error when the server cannot be reached", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(fetchCalendarEvents("/api/", week, {})).rejects.toThrow("Could not fetch instances.");
  });

  it("adds the query to an API address that already has one", async () => {
    const fetchStub = vi.fn(async () => new Response(JSON.stringify({ items: [] }), { headers: { "Content-Type": "application/json" } }));
    vi.stubGlobal("fetch", fetchStub);
    await fetchCalendarEvents("https://tickets.example.org/api/instances/?site=2", week, { venue: ["main-house"] });
    const url = new URL(String((fetchStub.mock.calls[0] as unknown[])[0]));
    expect(url.searchParams.get("site")).toBe("2");
    expect(url.searchParams.get("venue")).toBe("main-house");
    expect(url.searchParams.get("start_date")).toBe("2026-11-23");
  });
});
