import { filtersFromSearch, formatCalendarDate, instanceQueryFor } from "../../../../widgets/events-calendar/instance-request";

describe("filtersFromSearch", () => {
  it("copies each taxonomy filter, renames search to event_title and drops empty values", () => {
    expect(filtersFromSearch("?search=+Macbeth+&event_type=&venue=main-house&venue=the-studio&date=2026-11-23&page=2")).toEqual({
      event_title: ["Macbeth"],
      venue: ["main-house", "the-studio"],
    });
  });

  it("reads every filter the API takes", () => {
    const search = "?event_type=a&genre=b&season=c&series=d&venue=e&access_type=f";
    expect(Object.keys(filtersFromSearch(search))).toEqual(["event_type", "genre", "season", "series", "venue", "access_type"]);
  });
});

describe("instanceQueryFor", () => {
  it("turns FullCalendar's exclusive end into the API's inclusive end_date", () => {
    const params = instanceQueryFor({ start: new Date(2026, 10, 23), end: new Date(2026, 10, 30) }, {});
    expect(params.get("start_date")).toBe("2026-11-23");
    expect(params.get("end_date")).toBe("2026-11-29");
    expect(params.get("fields")).toBe("_,id,start_datetime,end_datetime,calendar_html");
  });

  it("crosses month and year ends", () => {
    const params = instanceQueryFor({ start: new Date(2026, 11, 28), end: new Date(2027, 0, 4) }, { event_title: ["carol"] });
    expect([params.get("start_date"), params.get("end_date"), params.get("event_title")]).toEqual(["2026-12-28", "2027-01-03", "carol"]);
  });

  it("formats dates as YYYY-MM-DD with leading zeros", () => {
    expect(formatCalendarDate(new Date(2027, 0, 5))).toBe("2027-01-05");
  });
});
