import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import EventsCalendar from "../../../widgets/events-calendar/EventsCalendar";
import { parseEventsCalendar } from "../../../widgets/events-calendar/parse";
import { insertMarkup, mountWidget, renderMacro } from "../support/widget-harness";

const week = {
  label: "23 – 29 November 2026",
  days: [
    {
      date: "2026-11-24",
      label: "Tuesday 24 November",
      entries: [
        {
          id: 1,
          title: "Macbeth",
          url: "/whats-on/macbeth/",
          startIso: "2026-11-24T19:30:00+00:00",
          endIso: "2026-11-24T22:00:00+00:00",
          startLabel: "7.30pm",
          endLabel: "10pm",
          venue: "Main House",
          accessType: null,
        },
      ],
    },
  ],
};

function entryHtml(title: string, time = "7.30pm"): string {
  return `<div class="calendar-entry"><p class="calendar-entry__time">${time}</p><p class="calendar-entry__title"><a class="calendar-entry__link" href="/whats-on/x/">${title}</a></p></div>`;
}

function instance(id: number, start: string, end: string, title: string) {
  return { id, start_datetime: start, end_datetime: end, calendar_html: entryHtml(title) };
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

type FetchStub = ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;

function stubFetch(answer: (url: URL) => Response): FetchStub {
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => answer(new URL(String(input), window.location.href)));
  vi.stubGlobal("fetch", fetchStub);
  return fetchStub;
}

function requestedUrls(fetchStub: FetchStub): URL[] {
  return fetchStub.mock.calls.map(([input]) => new URL(String(input), window.location.href));
}

function mountCalendar(params: Record<string, unknown> = {}) {
  const markup = renderMacro("calendar", "eventsCalendar", {
    initialDate: "2026-11-23",
    week,
    previousWeekUrl: "/whats-on/?date=2026-11-16",
    nextWeekUrl: "/whats-on/?date=2026-11-30",
    ...params,
  });
  return mountWidget(insertMarkup(markup, "events-calendar"), parseEventsCalendar, EventsCalendar).root;
}

beforeEach(() => window.history.replaceState(null, "", "/whats-on/"));
afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("events calendar", () => {
  it("shows the server's week at once, without asking the API for it", () => {
    const fetchStub = stubFetch(() => jsonResponse({ items: [] }));
    const root = mountCalendar();

    expect(screen.getByRole("link", { name: "Macbeth" })).toHaveClass("calendar-entry__link");
    expect(screen.getByRole("heading", { level: 2, name: "23 – 29 November 2026" })).toBeInTheDocument();
    expect(Array.from(root.querySelectorAll(".fc-list-day-text"), (day) => day.textContent)).toEqual(["Tuesday 24 November"]);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("asks for each other Monday-to-Sunday week with the calendar's fields and shows each entry's markup", async () => {
    const user = userEvent.setup();
    const fetchStub = stubFetch(() =>
      jsonResponse({
        items: [
          instance(7, "2026-12-01T19:30:00+00:00", "2026-12-01T22:00:00+00:00", "Hamlet"),
          instance(8, "2026-12-05T14:00:00+00:00", "2026-12-05T15:00:00+00:00", "The Tempest"),
        ],
      }),
    );
    mountCalendar();
    await user.click(screen.getByRole("button", { name: "Next week" }));

    expect(await screen.findByRole("link", { name: "Hamlet" })).toHaveClass("calendar-entry__link");
    expect(screen.getByRole("link", { name: "The Tempest" })).toBeInTheDocument();
    const [url] = requestedUrls(fetchStub);
    expect(url?.pathname).toBe("/api/attendable/v1/instances/");
    expect(url?.searchParams.get("fields")).toBe("_,id,start_datetime,end_datetime,calendar_html");
    expect(url?.searchParams.get("start_date")).toBe("2026-11-30");
    expect(url?.searchParams.get("end_date")).toBe("2026-12-06");
    // Grouped under their days, Monday first.
    const dayHeadings = Array.from(document.querySelectorAll(".fc-list-day-text")).map((day) => day.textContent);
    expect(dayHeadings).toEqual(["Tuesday 1 December", "Saturday 5 December"]);
  });

  it("copies the page's filters to the API, sending search as event_title and leaving out empty ones", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", "/whats-on/?search=macbeth&venue=main-house&genre=&access_type=captioned&access_type=relaxed");
    const fetchStub = stubFetch(() => jsonResponse({ items: [] }));
    mountCalendar();
    await user.click(screen.getByRole("button", { name: "Next week" }));

    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    const params = requestedUrls(fetchStub)[0]!.searchParams;
    expect(params.get("event_title")).toBe("macbeth");
    expect(params.has("search")).toBe(false);
    expect(params.get("venue")).toBe("main-house");
    expect(params.has("genre")).toBe(false);
    expect(params.getAll("access_type")).toEqual(["captioned", "relaxed"]);
  });

  it("moves a week at a time with labelled buttons, announcing each new week", async () => {
    const user = userEvent.setup();
    const fetchStub = stubFetch((url) =>
      jsonResponse({
        items:
          url.searchParams.get("start_date") === "2026-11-30"
            ? [instance(9, "2026-12-01T19:30:00+00:00", "2026-12-01T21:00:00+00:00", "A Christmas Carol")]
            : [],
      }),
    );
    mountCalendar();

    await user.click(screen.getByRole("button", { name: "Next week" }));
    expect(await screen.findByRole("link", { name: "A Christmas Carol" })).toBeInTheDocument();
    const next = requestedUrls(fetchStub)[0]!.searchParams;
    expect([next.get("start_date"), next.get("end_date")]).toEqual(["2026-11-30", "2026-12-06"]);
    expect(screen.getByRole("status")).toHaveTextContent("30 November – 6 December 2026. Events: 1.");

    await user.click(screen.getByRole("button", { name: "Previous week" }));
    await user.click(screen.getByRole("button", { name: "Previous week" }));
    await waitFor(() => expect(requestedUrls(fetchStub).at(-1)?.searchParams.get("start_date")).toBe("2026-11-16"));
    expect(screen.getByRole("button", { name: "This week" })).toBeInTheDocument();
  });

  it("says the week has nothing on with the page's message", () => {
    stubFetch(() => jsonResponse({ items: [] }));
    mountCalendar({ week: { label: week.label, days: [] }, emptyMessage: "Nothing matches your filters this week." });
    expect(screen.getByText("Nothing matches your filters this week.")).toHaveClass("fc-list-empty-cushion");
  });

  it("logs 'Could not fetch instances.' on a non-OK answer and shows the visitor no error", async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    stubFetch(() => jsonResponse({ success: false, errors: { start_date: ["Bad date"] } }, 400));
    const root = mountCalendar();
    await user.click(screen.getByRole("button", { name: "Next week" }));

    await waitFor(() => expect(logged).toHaveBeenCalled());
    const error = logged.mock.calls[0]![0] as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe("Could not fetch instances.");
    expect(root).not.toHaveTextContent("Could not fetch instances.");
    expect(root).not.toHaveTextContent("Bad date");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("keeps the shown week in the address when asked, each week moved to a history entry of its own (Back returns to it)", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", "/whats-on/?venue=main-house");
    stubFetch(() => jsonResponse({ items: [] }));
    const historyLength = window.history.length;
    mountCalendar({ rememberWeek: true });
    expect(window.location.search).toBe("?venue=main-house");

    await user.click(screen.getByRole("button", { name: "Next week" }));
    await waitFor(() => expect(window.location.search).toBe("?venue=main-house&date=2026-11-30"));
    // The first week only replaced the address; the week moved to is one new entry.
    expect(window.history.length).toBe(historyLength + 1);
  });

  it("marks the entries that ended before the page's clock reading (data-now) as Past, once each, and not the ones to come", () => {
    stubFetch(() => jsonResponse({ items: [] }));
    const later = { id: 2, title: "Hamlet", url: "/whats-on/hamlet/", startIso: "2026-11-26T19:30:00+00:00", endIso: "2026-11-26T22:00:00+00:00", startLabel: "7.30pm", endLabel: "10pm", venue: "Main House", accessType: null };
    const days = [
      { ...week.days[0]!, entries: [{ ...week.days[0]!.entries[0]!, past: true }] },
      { date: "2026-11-26", label: "Thursday 26 November", entries: [later] },
    ];
    // Wednesday noon: Tuesday's Macbeth has ended, Thursday's Hamlet is to come.
    const root = mountCalendar({ week: { ...week, days }, now: "2026-11-25T12:00:00" });
    const markerOf = (title: string) => screen.getByRole("link", { name: title }).closest(".fc-list-event")!.querySelectorAll(".events-calendar__past");
    expect(markerOf("Macbeth")).toHaveLength(1);
    expect(markerOf("Macbeth")[0]).toHaveTextContent(/^Past$/);
    expect(markerOf("Hamlet")).toHaveLength(0);
    expect(root.querySelectorAll(".events-calendar__past")).toHaveLength(1);
  });
});
