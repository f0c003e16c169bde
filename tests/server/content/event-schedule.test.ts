import { expandEventSchedule, resolveDay } from "../../../server/content/event-schedule";
import { FixtureValidationError } from "../../../server/content/fixture-errors";
import { eventFixtureSchema, type EventFixture } from "../../../server/content/fixture-schema/events";

const validEvent = {
  slug: "hamlet",
  title: "Hamlet",
  summary: "The Prince of Denmark.",
  description_html: "<p>To be or not to be.</p>",
  image_url: "/static/images/demo/poster-01.svg",
  image_alt: "A skull",
  event_type: "performance",
  season: "main-house",
  venue: "main-house",
  duration: 180,
};

function event(fields: Record<string, unknown>): EventFixture {
  return eventFixtureSchema.parse({ ...validEvent, ...fields });
}

// A Saturday in winter, so offsets are easy to check against a calendar.
const seedingDate = "2026-11-21";

describe("event schedules", () => {
  it("resolves day offsets from the seeding day and keeps fixed dates", () => {
    expect(resolveDay(0, seedingDate)).toBe("2026-11-21");
    expect(resolveDay(-28, seedingDate)).toBe("2026-10-24");
    expect(resolveDay("2027-02-14", seedingDate)).toBe("2027-02-14");
  });

  it("expands a run to its weekdays and times, with matinees and exceptions", () => {
    const instances = expandEventSchedule(
      event({
        runs: [
          {
            from: 0,
            to: 7,
            days: ["tue", "sat"],
            times: ["19:30"],
            matinees: { days: ["sat"], times: ["14:30"] },
            except: [3],
          },
        ],
      }),
      seedingDate,
    );
    // Sat 21: matinee and evening; Tue 24 is excepted; Sat 28: matinee and evening.
    expect(instances.map((instance) => instance.starts_at)).toEqual([
      "2026-11-21T14:30:00.000Z",
      "2026-11-21T19:30:00.000Z",
      "2026-11-28T14:30:00.000Z",
      "2026-11-28T19:30:00.000Z",
    ]);
    expect(instances[0]?.ends_at).toBe("2026-11-21T17:30:00.000Z");
  });

  it("keeps the London wall-clock time across a clock change", () => {
    const instances = expandEventSchedule(
      event({ runs: [{ from: "2026-10-23", to: "2026-10-26", days: ["fri", "mon"], times: ["19:30"] }] }),
      seedingDate,
    );
    expect(instances.map((instance) => instance.starts_at)).toEqual(["2026-10-23T18:30:00.000Z", "2026-10-26T19:30:00.000Z"]);
  });

  it("adds single dates with their own duration, sorted among the run, without duplicates", () => {
    const instances = expandEventSchedule(
      event({
        runs: [{ from: 1, to: 1, days: ["sun"], times: ["19:30"] }],
        dates: [
          { day: 1, time: "19:30" },
          { day: -1, time: "11:00", duration: 60 },
        ],
      }),
      seedingDate,
    );
    expect(instances).toEqual([
      { starts_at: "2026-11-20T11:00:00.000Z", ends_at: "2026-11-20T12:00:00.000Z", booking_url: null, availability: null },
      { starts_at: "2026-11-22T19:30:00.000Z", ends_at: "2026-11-22T22:30:00.000Z", booking_url: null, availability: null },
    ]);
  });

  it("gives each performance its run's or date's booking page and availability; a date over a run's performance replaces it", () => {
    const instances = expandEventSchedule(
      event({
        booking_url: "https://tickets.example/hamlet/",
        runs: [{ from: 1, to: 3, days: ["sun", "mon", "tue"], times: ["19:30"], availability: "limited" }],
        dates: [
          { day: 2, time: "19:30", availability: "sold-out" },
          { day: 4, time: "14:00", booking_url: "/schools-matinee/", availability: "available" },
        ],
      }),
      seedingDate,
    );
    expect(instances.map(({ starts_at, booking_url, availability }) => [starts_at.slice(0, 10), booking_url, availability])).toEqual([
      ["2026-11-22", null, "limited"],
      ["2026-11-23", null, "sold-out"],
      ["2026-11-24", null, "limited"],
      // "available" is stored as nothing to say.
      ["2026-11-25", "/schools-matinee/", null],
    ]);
  });

  it("refuses an availability it does not know, and a booking link that is not an address", () => {
    const unknown = eventFixtureSchema.safeParse({ ...validEvent, dates: [{ day: 1, time: "19:30", availability: "nearly" }] });
    expect(unknown.success).toBe(false);
    expect(JSON.stringify(unknown.error?.issues)).toContain("expected one of: available, limited, sold-out");
    const badLink = eventFixtureSchema.safeParse({ ...validEvent, booking_url: "javascript:alert(1)" });
    expect(badLink.success).toBe(false);
  });

  it("names the event and field when a run ends before it starts", () => {
    const backwards = event({ runs: [{ from: "2026-12-01", to: 0, days: ["mon"], times: ["19:30"] }] });
    expect(() => expandEventSchedule(backwards, seedingDate)).toThrow(FixtureValidationError);
    expect(() => expandEventSchedule(backwards, seedingDate)).toThrow(/"hamlet": runs\[0\]\.to: 2026-11-21 is before from \(2026-12-01\)/);
  });
});
