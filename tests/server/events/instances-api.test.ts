import request from "supertest";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { seedEventFixtures, XSS_TITLE } from "./event-fixtures";

const API = "/api/attendable/v1/instances/";

interface Item {
  id?: number;
  start_datetime?: string;
  end_datetime?: string;
  event_title?: string;
  event_url?: string;
  venue?: { slug: string; label: string };
  access_type?: { slug: string; label: string } | null;
  calendar_html?: string;
}

describe.each(databaseEngines)("GET /api/attendable/v1/instances/ on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    await seedEventFixtures(t.database.db);
  });
  afterAll(() => t.close());

  const get = (query: string) => request(t.app).get(`${API}?${query}`);
  const items = async (query: string): Promise<Item[]> => {
    const response = await get(query);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return (response.body as { items: Item[] }).items;
  };
  const titles = async (query: string) => (await items(`fields=_,event_title&${query}`)).map((item) => item.event_title);
  const summer = "start_date=2026-07-01&end_date=2026-07-31";
  const autumn = "start_date=2026-10-01&end_date=2026-12-31";

  describe("fields", () => {
    it("gives the default fields when none are asked for", async () => {
      const [first] = await items("start_date=2026-07-04&end_date=2026-07-04");
      expect(Object.keys(first!)).toEqual(["id", "start_datetime", "end_datetime", "event_title", "event_url"]);
      expect(first).toMatchObject({ event_title: XSS_TITLE, event_url: "/whats-on/xss-workshop/" });
    });

    it("drops the defaults with a leading _ and gives only the listed fields", async () => {
      const list = await items(`fields=_,id,start_datetime,end_datetime,calendar_html&${summer}`);
      expect(list.length).toBe(4);
      for (const item of list) expect(Object.keys(item)).toEqual(["id", "start_datetime", "end_datetime", "calendar_html"]);
      expect(typeof list[0]!.id).toBe("number");
    });

    it("adds listed fields to the defaults, removes -field, and * gives every field", async () => {
      const [added] = await items(`fields=venue,access_type,-event_url&${summer}`);
      expect(Object.keys(added!)).toEqual(["id", "start_datetime", "end_datetime", "event_title", "venue", "access_type"]);
      expect(added).toMatchObject({ venue: { slug: "the-studio", label: "The Studio & Bar" }, access_type: { slug: "relaxed", label: "Relaxed performance" } });
      const [all] = await items(`fields=*&${summer}`);
      expect(Object.keys(all!)).toEqual(["id", "start_datetime", "end_datetime", "event_id", "event_title", "event_url", "venue", "access_type", "calendar_html"]);
      const [none] = await items(`fields=_&${summer}`);
      expect(none).toEqual({});
    });

    it("gives access_type null for an event without one", async () => {
      const [much] = await items(`fields=_,event_title,access_type&event_title=much&${autumn}`);
      expect(much).toEqual({ event_title: "Much Ado: 50% off_night", access_type: null });
    });

    it("answers 400 naming fields for an unknown field, a misplaced _ or a repeated parameter", async () => {
      for (const query of ["fields=_,id,colour", "fields=id,_", "fields=id&fields=calendar_html"]) {
        const response = await get(`${query}&${summer}`);
        expect(response.status).toBe(400);
        expect(response.body.success).toBe(false);
        expect(Object.keys(response.body.errors)).toEqual(["fields"]);
      }
      expect((await get(`fields=_,colour&${summer}`)).body.errors.fields[0]).toContain('"colour"');
    });
  });

  describe("dates", () => {
    it("answers 400 with an error for each missing date, in the standard JSON shape", async () => {
      const response = await request(t.app).get(API);
      expect(response.status).toBe(400);
      expect(response.type).toBe("application/json");
      expect(response.body).toEqual({
        success: false,
        errors: {
          start_date: ["Give start_date as a date in the form YYYY-MM-DD, for example 2026-11-23."],
          end_date: ["Give end_date as a date in the form YYYY-MM-DD, for example 2026-11-23."],
        },
      });
    });

    it.each([
      ["start_date=2026-02-30&end_date=2026-03-01", "start_date"],
      ["start_date=2026-07-01&end_date=01/07/2026", "end_date"],
      ["start_date=20260701&end_date=2026-07-02", "start_date"],
      ["start_date=2026-07-01&start_date=2026-07-02&end_date=2026-07-03", "start_date"],
      ["start_date=&end_date=2026-07-03", "start_date"],
      ["start_date=2026-07-10&end_date=2026-07-09", "end_date"],
    ])("answers 400 for %s, naming %s", async (query, parameter) => {
      const response = await get(query);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([parameter]);
      expect(response.body.errors[parameter][0]).toContain(parameter);
    });

    it("answers 400 naming the range for dates outside 1900-01-01 to 2200-12-31, never a server error", async () => {
      const farFuture = await get("start_date=9999-12-30&end_date=9999-12-31");
      expect(farFuture.status).toBe(400);
      expect(farFuture.body).toEqual({
        success: false,
        errors: {
          start_date: ["start_date must be a date from 1900-01-01 to 2200-12-31."],
          end_date: ["end_date must be a date from 1900-01-01 to 2200-12-31."],
        },
      });
      const farPast = await get("start_date=1899-12-31&end_date=1900-01-01");
      expect(farPast.status).toBe(400);
      expect(Object.keys(farPast.body.errors)).toEqual(["start_date"]);
      expect((await get("start_date=2200-12-30&end_date=2200-12-31")).status).toBe(200);
    });

    it("allows at most 93 days, counting both ends", async () => {
      expect((await get("start_date=2026-07-01&end_date=2026-10-01")).status).toBe(200);
      const tooLong = await get("start_date=2026-07-01&end_date=2026-10-02");
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.errors.end_date[0]).toContain("93 days");
    });

    it("includes both London days, sorted by start", async () => {
      const list = await items("fields=_,event_title,start_datetime&start_date=2026-07-04&end_date=2026-07-05");
      expect(list).toEqual([
        { start_datetime: "2026-07-04T10:00:00+01:00", event_title: XSS_TITLE },
        { start_datetime: "2026-07-04T19:30:00+01:00", event_title: "Hamlet" },
        { start_datetime: "2026-07-05T00:30:00+01:00", event_title: "Hamlet" },
      ]);
    });

    it("counts a start just after midnight in British Summer Time as the next London day", async () => {
      // 00:30 BST on 5 July is 23:30 UTC on 4 July.
      expect(await titles("start_date=2026-07-04&end_date=2026-07-04")).toEqual([XSS_TITLE, "Hamlet"]);
      expect(await titles("start_date=2026-07-05&end_date=2026-07-05")).toEqual(["Hamlet"]);
    });

    it("writes datetimes with London's offset: +01:00 in summer time, +00:00 in winter", async () => {
      const list = await items("fields=_,start_datetime,end_datetime&event_title=much&start_date=2026-10-24&end_date=2026-12-31");
      expect(list).toEqual([
        { start_datetime: "2026-10-24T19:30:00+01:00", end_datetime: "2026-10-24T21:30:00+01:00" },
        { start_datetime: "2026-10-25T19:30:00+00:00", end_datetime: "2026-10-25T21:30:00+00:00" },
        { start_datetime: "2026-12-05T19:30:00+00:00", end_datetime: "2026-12-05T21:30:00+00:00" },
      ]);
    });

    it("answers an empty list for a range with nothing on", async () => {
      expect(await items("start_date=2027-01-01&end_date=2027-01-31")).toEqual([]);
    });
  });

  describe("filters", () => {
    it("matches event_title as a case-insensitive substring", async () => {
      expect(await titles(`event_title=HAML&${summer}`)).toEqual(["Hamlet", "Hamlet", "Hamlet"]);
      expect(await titles(`event_title=+twelfth+&${autumn}`)).toEqual(["Twelfth Night", "Twelfth Night"]);
    });

    it("takes % and _ in event_title literally", async () => {
      expect(await titles(`event_title=50%25&${autumn}`)).toHaveLength(3);
      expect(await titles(`event_title=%25&${autumn}`)).toEqual(await titles(`event_title=50%25&${autumn}`));
      expect(await titles(`event_title=_&${autumn}`)).toEqual(["Much Ado: 50% off_night", "Much Ado: 50% off_night", "Much Ado: 50% off_night"]);
      expect(await titles(`event_title=t_n&${autumn}`)).toEqual([]);
    });

    const july4 = "start_date=2026-07-04&end_date=2026-07-04";
    it.each([
      ["event_type=workshop", summer, [XSS_TITLE]],
      ["genre=tragedy", summer, ["Hamlet", "Hamlet", "Hamlet"]],
      ["season=summer&venue=the-studio", summer, [XSS_TITLE]],
      ["series=schools", summer, ["Hamlet", "Hamlet", "Hamlet"]],
      ["venue=main-house", "start_date=2026-07-06&end_date=2026-07-31", ["Hamlet"]],
      ["access_type=relaxed", summer, [XSS_TITLE]],
      ["access_type=captioned&access_type=relaxed", july4, [XSS_TITLE, "Hamlet"]],
    ])("filters by %s", async (filter, range, expected) => {
      expect(await titles(`${range}&${filter}`)).toEqual(expected);
    });

    it("matches nothing for an unknown slug, and ignores empty filter values", async () => {
      expect(await titles(`venue=the-moon&${summer}`)).toEqual([]);
      expect(await titles(`genre=no-such-genre&event_type=performance&${summer}`)).toEqual([]);
      expect(await titles(`venue=&event_title=&${summer}`)).toHaveLength(4);
    });
  });

  describe("calendar_html", () => {
    it("links the title to the event page, with the time, venue and access type, all escaped", async () => {
      const [xss] = await items("fields=_,calendar_html&start_date=2026-07-04&end_date=2026-07-04");
      const html = xss!.calendar_html!;
      expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
      expect(html).not.toContain("<img");
      expect(html).toContain('<a class="calendar-entry__link" href="/whats-on/xss-workshop/">');
      expect(html).toContain('<time datetime="2026-07-04T10:00:00+01:00">10am</time>');
      expect(html).toContain('<time datetime="2026-07-04T11:30:00+01:00">11.30am</time>');
      expect(html).toContain("The Studio &amp; Bar");
      expect(html).toContain("Relaxed performance");
    });

    it("leaves the access type out when the event has none", async () => {
      const [much] = await items(`fields=_,calendar_html&event_title=much&${autumn}`);
      expect(much!.calendar_html).not.toContain("calendar-entry__access");
      expect(much!.calendar_html).toContain("Main House");
    });
  });

  it("redirects the address without the slash, keeping the query", async () => {
    const response = await request(t.app).get("/api/attendable/v1/instances?start_date=2026-07-01&end_date=2026-07-02");
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(`${API}?start_date=2026-07-01&end_date=2026-07-02`);
  });
});
