import { filterSelectsOf, parseWhatsOnQuery, whatsOnUrl } from "../../../server/events/whats-on-query";
import { dayLabelOf, weekLabelOf, whatsOnWeekOf } from "../../../server/events/whats-on-week";
import type { InstanceRow } from "../../../server/events/instance-repository";

function row(id: number, startsAt: string, title = "Macbeth", availability: string | null = null): InstanceRow {
  return {
    id,
    starts_at: startsAt,
    ends_at: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    event_id: 1,
    event_slug: "macbeth",
    event_title: title,
    venue_slug: "main-house",
    venue_label: "Main House",
    access_type_slug: null,
    access_type_label: null,
    availability,
  };
}

describe("the What's On query", () => {
  it("shows the week holding ?date, keeping the date for the filter form", () => {
    expect(parseWhatsOnQuery({ date: "2026-12-03", search: "carol", venue: "main-house" }, "2026-11-21")).toEqual({
      ok: true,
      request: {
        monday: "2026-11-30",
        thisMonday: "2026-11-16",
        date: "2026-12-03",
        unreadableDate: false,
        filters: { eventTitle: "carol", terms: { venue: ["main-house"] } },
      },
    });
  });

  it("refuses a real date outside 1900-01-01 to 2200-12-31, naming the range", () => {
    for (const date of ["9999-12-31", "1899-12-31", "2201-01-01", "0000-01-01"]) {
      expect(parseWhatsOnQuery({ date }, "2026-11-21"), date).toEqual({
        ok: false,
        errors: { date: ["date must be a date from 1900-01-01 to 2200-12-31."] },
      });
    }
    expect(parseWhatsOnQuery({ date: "2200-12-31" }, "2026-11-21")).toMatchObject({ ok: true, request: { monday: "2200-12-29" } });
    expect(parseWhatsOnQuery({ date: "1900-01-01" }, "2026-11-21")).toMatchObject({ ok: true, request: { monday: "1900-01-01" } });
  });

  it("shows this week without a date, and says so when the date could not be read", () => {
    expect(parseWhatsOnQuery({}, "2026-11-21")).toMatchObject({ request: { monday: "2026-11-16", unreadableDate: false } });
    expect(parseWhatsOnQuery({ date: "next tuesday" }, "2026-11-21")).toMatchObject({ request: { monday: "2026-11-16", unreadableDate: true } });
    expect(parseWhatsOnQuery({ date: "" }, "2026-11-21")).toMatchObject({ request: { unreadableDate: false } });
  });

  it("builds week links that keep the filters, with search under the form's name", () => {
    expect(whatsOnUrl({ eventTitle: "lear & fool", terms: { venue: ["main-house"], genre: ["tragedy"] } }, "2026-11-30")).toBe(
      "/whats-on/?search=lear+%26+fool&genre=tragedy&venue=main-house&date=2026-11-30",
    );
    expect(whatsOnUrl({ terms: {} })).toBe("/whats-on/");
  });

  it("makes a select per taxonomy with terms, marking the filtered term", () => {
    const selects = filterSelectsOf(
      {
        event_type: [{ slug: "talk", label: "Talk" }],
        genre: [],
        season: [],
        series: [],
        venue: [
          { slug: "main-house", label: "Main House" },
          { slug: "studio", label: "Studio" },
        ],
        access_type: [],
      },
      { terms: { venue: ["studio"] } },
    );
    expect(selects.map((select) => select.name)).toEqual(["event_type", "venue"]);
    expect(selects[1]).toEqual({
      name: "venue",
      label: "Venue",
      anyLabel: "All venues",
      options: [
        { slug: "main-house", label: "Main House", selected: false },
        { slug: "studio", label: "Studio", selected: true },
      ],
    });
  });
});

describe("the What's On week", () => {
  it("groups instances under their London day, keeping their order", () => {
    const week = whatsOnWeekOf("2026-07-06", [
      row(1, "2026-07-06T18:30:00.000Z"),
      row(2, "2026-07-06T23:30:00.000Z", "Late show"), // 00:30 BST on Tuesday
      row(3, "2026-07-12T13:00:00.000Z", "Sunday matinee"),
    ], new Date("2026-07-06T12:00:00.000Z"));
    expect(week.days.map((day) => [day.date, day.label, day.entries.map((entry) => entry.id)])).toEqual([
      ["2026-07-06", "Monday 6 July", [1]],
      ["2026-07-07", "Tuesday 7 July", [2]],
      ["2026-07-12", "Sunday 12 July", [3]],
    ]);
    expect(week.days[1]!.entries[0]).toMatchObject({ startLabel: "12.30am", startIso: "2026-07-07T00:30:00+01:00", url: "/whats-on/macbeth/" });
    expect([week.previousMonday, week.sunday, week.nextMonday]).toEqual(["2026-06-29", "2026-07-12", "2026-07-13"]);
  });

  it("marks the performances that ended before the page's clock reading as past, and shows what the content says about seats", () => {
    // Wednesday 8 July, 20:00 BST: Monday's show (19:30 to 20:30 BST) has ended; Wednesday's 19:30 is still on.
    const now = new Date("2026-07-08T19:00:00.000Z");
    const week = whatsOnWeekOf("2026-07-06", [
      row(1, "2026-07-06T18:30:00.000Z"),
      row(2, "2026-07-08T18:30:00.000Z", "Macbeth", "limited"),
      row(3, "2026-07-10T18:30:00.000Z", "Macbeth", "sold-out"),
    ], now);
    const entries = week.days.flatMap((day) => day.entries);
    expect(entries.map((entry) => [entry.id, entry.past, entry.availabilityLabel])).toEqual([
      [1, true, null],
      [2, false, "Few seats left"],
      [3, false, "Sold out"],
    ]);
    // Half an hour later Wednesday's has ended too: the clock reading decides, nothing else.
    const later = whatsOnWeekOf("2026-07-06", [row(2, "2026-07-08T18:30:00.000Z")], new Date("2026-07-08T19:30:00.000Z"));
    expect(later.days[0]!.entries[0]!.past).toBe(true);
  });

  it("labels days and weeks in British English", () => {
    expect(dayLabelOf("2026-11-23")).toBe("Monday 23 November");
    expect(weekLabelOf("2026-11-30")).toMatch(/^30 November\s–\s6 December 2026$/);
    expect(weekLabelOf("2026-12-28")).toMatch(/^28 December 2026\s–\s3 January 2027$/);
  });
});
