import { parseInstanceFields } from "../../../server/events/instance-fields";
import { MAX_RANGE_DAYS, parseInstanceFilters, parseInstanceQuery } from "../../../server/events/instance-query";

describe("parseInstanceFields (the Wagtail convention)", () => {
  it("keeps the fields in a fixed order whatever order they are asked in", () => {
    expect(parseInstanceFields("_,calendar_html,id")).toEqual({ ok: true, fields: ["id", "calendar_html"] });
  });

  it("adds to and removes from the defaults, and ignores blanks and spaces", () => {
    expect(parseInstanceFields(" venue , -event_title,,")).toEqual({
      ok: true,
      fields: ["id", "start_datetime", "end_datetime", "event_url", "venue"],
    });
  });

  it("lets * add everything, and a removal after it take one away", () => {
    const result = parseInstanceFields("*,-calendar_html");
    expect(result.ok && result.fields).toHaveLength(8);
    expect(result.ok && result.fields).not.toContain("calendar_html");
  });

  it("explains an unknown field and a _ that is not first", () => {
    expect(parseInstanceFields("_,-colour")).toEqual({ ok: false, message: expect.stringContaining('"colour"') });
    expect(parseInstanceFields("id,_")).toEqual({ ok: false, message: expect.stringContaining('Put "_" first') });
  });
});

describe("parseInstanceQuery", () => {
  it("reads a full query", () => {
    expect(
      parseInstanceQuery({ start_date: "2026-11-23", end_date: "2026-11-29", fields: "_,id", event_title: "Lear", venue: ["main-house", "the-studio"] }),
    ).toEqual({
      ok: true,
      query: {
        fields: ["id"],
        startDate: "2026-11-23",
        endDate: "2026-11-29",
        filters: { eventTitle: "Lear", terms: { venue: ["main-house", "the-studio"] } },
      },
    });
  });

  it("reports every bad parameter at once", () => {
    const result = parseInstanceQuery({ fields: "nope", start_date: "tomorrow" });
    expect(result.ok).toBe(false);
    expect(Object.keys(!result.ok ? result.errors : {})).toEqual(["fields", "start_date", "end_date"]);
  });

  it(`allows ${MAX_RANGE_DAYS} days counting both ends, and one day`, () => {
    expect(parseInstanceQuery({ start_date: "2026-01-01", end_date: "2026-04-03" }).ok).toBe(true);
    expect(parseInstanceQuery({ start_date: "2026-01-01", end_date: "2026-04-04" }).ok).toBe(false);
    expect(parseInstanceQuery({ start_date: "2028-02-29", end_date: "2028-02-29" }).ok).toBe(true);
  });

  it("ignores nested query objects rather than failing", () => {
    expect(parseInstanceFilters({ venue: { $ne: "x" }, genre: [""] }, "event_title")).toEqual({ terms: {} });
  });

  it("reads the page form's title search under its own name", () => {
    expect(parseInstanceFilters({ search: " Macbeth ", event_title: "ignored" }, "search")).toEqual({ eventTitle: "Macbeth", terms: {} });
  });
});
