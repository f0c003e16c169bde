import { WidgetConfigError } from "../../../../widgets/lib/options";
import { defaultEventsCalendarStrings, parseEventsCalendar } from "../../../../widgets/events-calendar/parse";

function root(attributes: Record<string, string>): HTMLElement {
  const element = document.createElement("div");
  element.setAttribute("data-widget", "events-calendar");
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

afterEach(() => window.history.replaceState(null, "", "/"));

describe("parseEventsCalendar", () => {
  it("reads the initial date, defaults and the page's filters", () => {
    window.history.replaceState(null, "", "/whats-on/?search=lear&venue=main-house");
    expect(parseEventsCalendar(root({ "data-initial-date": "2026-11-23" }))).toEqual({
      initialDate: "2026-11-23",
      apiUrl: "/api/attendable/v1/instances/",
      filters: { event_title: ["lear"], venue: ["main-house"] },
      // No server-rendered week inside the root: the calendar asks the API for its first week.
      initialEvents: [],
      rememberWeek: false,
      strings: defaultEventsCalendarStrings,
    });
  });

  it("takes the API address, the remember-week flag and string overrides", () => {
    const props = parseEventsCalendar(
      root({
        "data-initial-date": "2027-01-04",
        "data-api-url": "https://example.org/instances/",
        "data-remember-week": "",
        "data-i18n-next-label": "Wythnos nesaf",
      }),
    );
    expect(props.apiUrl).toBe("https://example.org/instances/");
    expect(props.rememberWeek).toBe(true);
    expect(props.strings.nextLabel).toBe("Wythnos nesaf");
    expect(props.strings.previousLabel).toBe("Previous week");
  });

  it.each([[{}], [{ "data-initial-date": "23/11/2026" }], [{ "data-initial-date": "2026-13-40" }]])(
    "rejects a missing or unreadable data-initial-date (%o), naming the attribute",
    (attributes) => {
      expect(() => parseEventsCalendar(root(attributes))).toThrow(WidgetConfigError);
      expect(() => parseEventsCalendar(root(attributes))).toThrow(/data-initial-date/);
    },
  );
});
