import request from "supertest";
import { londonDateOf } from "../../../server/shared/london-time";
import { mondayOf } from "../../../server/events/calendar-dates";
import { createTestApp, type TestApp } from "../support/test-app";
import { seedEventFixtures } from "./event-fixtures";

describe("GET /whats-on/", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedEventFixtures(t.database.db);
  });
  afterAll(() => t.close());

  const page = async (query = "") => {
    const response = await request(t.app).get(`/whats-on/${query}`);
    expect(response.status).toBe(200);
    return response.text;
  };

  it("lists the week's instances by day without JavaScript, inside the calendar's root", async () => {
    const html = await page("?date=2026-07-04");
    expect(html).toContain('data-widget="events-calendar" data-initial-date="2026-06-29" data-api-url="/api/attendable/v1/instances/" data-remember-week');
    expect(html).toMatch(/<h2 class="events-calendar__title"[^>]*>29 June\s–\s5 July 2026<\/h2>/);
    const days = [...html.matchAll(/<h3 class="events-calendar__day-heading"><time datetime="([\d-]+)">([^<]+)<\/time>/g)].map((match) => [match[1], match[2]]);
    expect(days).toEqual([
      ["2026-07-04", "Saturday 4 July"],
      ["2026-07-05", "Sunday 5 July"],
    ]);
    expect(html).toContain('<a class="calendar-entry__link" href="/whats-on/hamlet/">Hamlet</a>');
    // The XSS title is shown as text.
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<img src=x");
  });

  it("links to the previous and next weeks", async () => {
    const html = await page("?date=2026-07-04");
    expect(html).toContain('href="/whats-on/?date=2026-06-22" rel="prev">Previous week</a>');
    expect(html).toContain('href="/whats-on/?date=2026-07-06" rel="next">Next week</a>');
  });

  it("filters by the form's fields, keeping them in the week links and the form", async () => {
    const html = await page("?date=2026-07-04&search=haml&venue=main-house&genre=");
    expect(html).not.toContain("/whats-on/xss-workshop/");
    expect(html).toContain("/whats-on/hamlet/");
    expect(html).toContain('href="/whats-on/?search=haml&amp;venue=main-house&amp;date=2026-07-06" rel="next"');
    expect(html).toContain('<input class="form-input" id="filter-search" name="search" type="search" value="haml"');
    expect(html).toContain('<option value="main-house" selected>Main House</option>');
    expect(html).toContain('<option value="">All genres</option>');
    expect(html).toContain('<input type="hidden" name="date" value="2026-06-29">');
    expect(html).toContain('<a class="event-filters__clear" href="/whats-on/?date=2026-06-29">Clear filters</a>');
  });

  it("says when nothing matches, and how to find something", async () => {
    const html = await page("?date=2026-07-04&venue=the-moon");
    expect(html).toContain("Nothing matches your filters this week. Try the next week, or clear the filters.");
    expect(await page("?date=2027-03-01")).toContain("Nothing is on this week. Try the next week.");
  });

  it("shows this week when there is no date, or one it cannot read (and says so)", async () => {
    const thisMonday = mondayOf(londonDateOf(new Date()));
    expect(await page()).toContain(`data-initial-date="${thisMonday}"`);
    const unreadable = await page("?date=31-12-2026");
    expect(unreadable).toContain(`data-initial-date="${thisMonday}"`);
    expect(unreadable).toContain("We couldn't read the date in the address");
    expect(await page()).not.toContain("We couldn't read the date");
  });

  it("answers 400 with the range for a date the site does not list, never a server error", async () => {
    for (const date of ["9999-12-31", "1000-01-01"]) {
      const response = await request(t.app).get(`/whats-on/?date=${date}`).set("Accept", "text/html");
      expect(response.status, date).toBe(400);
      expect(response.text).toContain("date must be a date from 1900-01-01 to 2200-12-31.");
      expect(response.text).toContain('<main id="main-content"');
      expect(response.text).toContain('<a class="button" href="/whats-on/">See this week&#39;s listings</a>');
    }
  });

  it("redirects /whats-on to /whats-on/, keeping the query", async () => {
    const response = await request(t.app).get("/whats-on?venue=main-house");
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe("/whats-on/?venue=main-house");
  });
});
