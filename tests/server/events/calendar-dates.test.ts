import { londonDaysToUtcRange, mondayOf, parseCalendarDate } from "../../../server/events/calendar-dates";

describe("calendar dates", () => {
  it.each(["2026-02-29", "2026-13-01", "2026-1-1", "2026-11-23T00:00", "", undefined, 20261123])("rejects %o", (value) => {
    expect(parseCalendarDate(value)).toBeUndefined();
  });

  it("accepts real dates, leap days included", () => {
    expect(parseCalendarDate("2028-02-29")).toBe("2028-02-29");
  });

  it("finds the Monday of a week, across months and years", () => {
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
  });

  it("bounds London days in UTC, in summer and winter time and across the clock change", () => {
    expect(londonDaysToUtcRange("2026-07-04", "2026-07-05")).toEqual({ from: "2026-07-03T23:00:00.000Z", before: "2026-07-05T23:00:00.000Z" });
    expect(londonDaysToUtcRange("2026-12-01", "2026-12-01")).toEqual({ from: "2026-12-01T00:00:00.000Z", before: "2026-12-02T00:00:00.000Z" });
    // The week the clocks go back: it starts in summer time and ends in winter time.
    expect(londonDaysToUtcRange("2026-10-19", "2026-10-25")).toEqual({ from: "2026-10-18T23:00:00.000Z", before: "2026-10-26T00:00:00.000Z" });
  });
});
