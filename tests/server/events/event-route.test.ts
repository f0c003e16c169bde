import request from "supertest";
import { createTestApp, type TestApp } from "../support/test-app";
import { seedEventFixtures } from "./event-fixtures";

const DAY_MS = 86_400_000;

/** The response body as text, whatever its type (supertest buffers text/calendar). */
function textOf(response: request.Response): string {
  return Buffer.isBuffer(response.body) ? response.body.toString("utf8") : response.text;
}

describe("event pages and calendar files", () => {
  let t: TestApp;
  let upcomingId: number;
  let upcomingStart: Date;
  let otherEventInstanceId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await seedEventFixtures(t.database.db);
    const { db } = t.database;
    const hamlet = await db.selectFrom("events").select("id").where("slug", "=", "hamlet").executeTakeFirstOrThrow();
    // Whole minutes, so the page's times match exactly.
    upcomingStart = new Date(Math.ceil((Date.now() + 3 * DAY_MS) / 60_000) * 60_000);
    const inserted = await db
      .insertInto("event_instances")
      .values({ event_id: hamlet.id, starts_at: upcomingStart.toISOString(), ends_at: new Date(upcomingStart.getTime() + 7_200_000).toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    upcomingId = inserted.id;
    const other = await db
      .selectFrom("event_instances")
      .innerJoin("events", "events.id", "event_instances.event_id")
      .select("event_instances.id")
      .where("events.slug", "=", "xss-workshop")
      .executeTakeFirstOrThrow();
    otherEventInstanceId = other.id;
  });
  afterAll(() => t.close());

  it("shows the event's details and its dates still to come, each with a calendar file", async () => {
    const response = await request(t.app).get("/whats-on/hamlet/");
    expect(response.status).toBe(200);
    const html = response.text;
    expect(html).toContain('<h1 class="event-hero__title">Hamlet</h1>');
    expect(html).toContain("<p>About it.</p>");
    expect(html).toMatch(/<dt>Genre<\/dt>\s*<dd>Tragedy<\/dd>/);
    expect(html).toMatch(/<dt>Access<\/dt>\s*<dd>Captioned<\/dd>/);
    // The July dates have passed; only the one inserted for the coming days is listed.
    const links = [...html.matchAll(/href="(\/whats-on\/hamlet\/\d+\.ics)" download>Add to calendar/g)].map((match) => match[1]);
    expect(links).toEqual([`/whats-on/hamlet/${upcomingId}.ics`]);
  });

  it("says when an event has no more dates, and where to look instead", async () => {
    const html = (await request(t.app).get("/whats-on/xss-workshop/")).text;
    expect(html).toContain("There are no more dates for &lt;img src=x onerror=alert(1)&gt;.");
    expect(html).not.toContain("Add to calendar");
  });

  it("answers 404 for an unknown event, and redirects the slashless address", async () => {
    expect((await request(t.app).get("/whats-on/no-such-event/")).status).toBe(404);
    const redirect = await request(t.app).get("/whats-on/hamlet");
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe("/whats-on/hamlet/");
  });

  it("downloads an instance as an iCalendar file in UTC", async () => {
    const response = await request(t.app).get(`/whats-on/hamlet/${upcomingId}.ics`).buffer(true);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="?hamlet-\d{4}-\d{2}-\d{2}\.ics"?$/);
    const lines = textOf(response).split("\r\n");
    const utc = upcomingStart.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    expect(lines).toContain(`DTSTART:${utc}`);
    expect(lines).toContain("SUMMARY:Hamlet");
    expect(lines).toContain("LOCATION:Main House\\, Test Playhouse");
    expect(lines).toContain(`UID:event-instance-${upcomingId}@127.0.0.1`);
    expect(lines).toContain("URL:http://127.0.0.1:3000/whats-on/hamlet/");
  });

  it("answers 404 for an instance of another event, or an address that is not a calendar file", async () => {
    expect((await request(t.app).get(`/whats-on/hamlet/${otherEventInstanceId}.ics`)).status).toBe(404);
    expect((await request(t.app).get("/whats-on/hamlet/999999.ics")).status).toBe(404);
    expect((await request(t.app).get(`/whats-on/hamlet/${upcomingId}.txt`)).status).toBe(404);
    expect((await request(t.app).get("/whats-on/hamlet/abc.ics")).status).toBe(404);
  });
});
