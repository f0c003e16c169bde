import {
  addDays,
  daysBetween,
  formatLondonDateTimeLabel,
  formatLondonTime,
  londonDateOf,
  londonOffsetMinutes,
  londonWallClockToUtc,
  toLondonIsoString,
  weekdayOf,
} from "../../../server/shared/london-time";

describe("London wall-clock time", () => {
  it("converts a winter (GMT) evening to the same UTC time", () => {
    expect(londonWallClockToUtc("2026-11-28", "19:30").toISOString()).toBe("2026-11-28T19:30:00.000Z");
  });

  it("converts a summer (BST) evening to an hour earlier in UTC", () => {
    expect(londonWallClockToUtc("2026-07-04", "19:30").toISOString()).toBe("2026-07-04T18:30:00.000Z");
  });

  it("handles the days the clocks change", () => {
    // Clocks go forward at 01:00 UTC on 29 March 2026 and back at 01:00 UTC on 25 October 2026.
    expect(londonWallClockToUtc("2026-03-29", "00:30").toISOString()).toBe("2026-03-29T00:30:00.000Z");
    expect(londonWallClockToUtc("2026-03-29", "14:00").toISOString()).toBe("2026-03-29T13:00:00.000Z");
    expect(londonWallClockToUtc("2026-10-25", "14:00").toISOString()).toBe("2026-10-25T14:00:00.000Z");
    expect(londonWallClockToUtc("2026-10-24", "19:30").toISOString()).toBe("2026-10-24T18:30:00.000Z");
  });

  it("knows London's offset from UTC at an instant", () => {
    expect(londonOffsetMinutes(new Date("2026-01-10T12:00:00Z"))).toBe(0);
    expect(londonOffsetMinutes(new Date("2026-06-10T12:00:00Z"))).toBe(60);
  });

  it("gives the London calendar date, which runs ahead of UTC after 11pm in summer", () => {
    expect(londonDateOf(new Date("2026-07-04T23:30:00Z"))).toBe("2026-07-05");
    expect(londonDateOf(new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
  });

  it("formats ISO 8601 with the London offset", () => {
    expect(toLondonIsoString("2026-07-04T18:30:00.000Z")).toBe("2026-07-04T19:30:00+01:00");
    expect(toLondonIsoString(new Date("2026-11-28T19:30:00.000Z"))).toBe("2026-11-28T19:30:00+00:00");
  });

  it("labels times in house style", () => {
    expect(formatLondonDateTimeLabel("2026-11-28T19:30:00.000Z")).toBe("Sat 28 Nov, 7.30pm");
    expect(formatLondonDateTimeLabel("2026-07-04T13:00:00.000Z")).toBe("Sat 4 Jul, 2pm");
    expect(formatLondonTime("2026-01-05T10:15:00.000Z")).toBe("10.15am");
    expect(formatLondonTime("2026-01-05T12:00:00.000Z")).toBe("midday");
    expect(formatLondonTime("2026-01-05T00:05:00.000Z")).toBe("12.05am");
  });

  it("does calendar arithmetic on plain dates", () => {
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(daysBetween("2026-03-01", "2026-04-01")).toBe(31);
    expect(weekdayOf("2026-11-21")).toBe("sat");
    expect(weekdayOf("2026-11-23")).toBe("mon");
  });
});
