import request from "supertest";
import { seedFromDirectory } from "../../../server/content/seed";
import { createContentDirectory } from "../content/content-directory";
import { createTestApp, type TestApp } from "../support/test-app";

/*
 * Issue 24, "What a visitor expects to find": an event's Book link (the
 * performance's own booking page, else the event's), what the content says
 * about seats, sold out shown as sold out, and this week's ended performances
 * marked past, on the event page, on What's On and in the event's JSON-LD,
 * all against one fixed clock.
 */

// Wednesday 8 July 2026, 8pm in London (BST).
const NOW = new Date("2026-07-08T19:00:00.000Z");

const EVENTS_YAML = `
taxonomies:
  event_type: [{ slug: performance, label: Performance }]
  genre: []
  season: [{ slug: summer, label: Summer season }]
  series: []
  venue: [{ slug: main-house, label: Main House }]
  access_type: []
events:
  - slug: tidelines
    title: Tidelines
    summary: Dancers and a string quartet.
    description_html: <p>About it.</p>
    image_url: /static/images/demo/poster-01.svg
    image_alt: A poster
    price: £14–£26
    booking_url: https://tickets.example/tidelines/
    event_type: performance
    season: summer
    venue: main-house
    duration: 120
    dates:
      - { day: "2026-07-01", time: "19:30" }
      - { day: "2026-07-06", time: "19:30", availability: limited }
      - { day: "2026-07-08", time: "19:30" }
      - { day: "2026-07-10", time: "19:30", availability: sold-out }
      - { day: "2026-07-11", time: "14:00", availability: limited, booking_url: "/schools-matinee/" }
  - slug: open-rehearsal
    title: Open rehearsal
    summary: Watch the company at work.
    description_html: <p>Drop in.</p>
    image_url: /static/images/demo/poster-01.svg
    image_alt: A poster
    price: Free
    event_type: performance
    season: summer
    venue: main-house
    duration: 60
    dates:
      - { day: "2026-07-09", time: "12:00" }
`;

interface EventJsonLd {
  startDate: string;
  offers: { url: string; availability: string };
}

function jsonLdOf(html: string): EventJsonLd[] {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as EventJsonLd[]) : [];
}

/** The event page's dates list, one item per date. */
function dateItemsOf(html: string): string[] {
  return [...html.matchAll(/<li class="ruled-list__item event-dates__item[^"]*">([\s\S]*?)<\/li>/g)].map((match) => match[0]);
}

describe("booking, availability and past performances", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const directory = createContentDirectory({ "site.yaml": "name: Test Playhouse\n", "events.yaml": EVENTS_YAML });
    try {
      await seedFromDirectory(t.database.db, directory.path, { now: new Date("2026-06-01T12:00:00Z") });
    } finally {
      directory.remove();
    }
    // Only Date is faked: the server's clock reads NOW, timers and I/O run as usual.
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  it("lists this week's ended performances as past, without Book or a calendar file, and last week's not at all", async () => {
    const html = (await request(t.app).get("/whats-on/tidelines/")).text;
    const items = dateItemsOf(html);
    expect(items.map((item) => /datetime="([^"]+)"/.exec(item)![1])).toEqual([
      "2026-07-06T19:30:00+01:00",
      "2026-07-08T19:30:00+01:00",
      "2026-07-10T19:30:00+01:00",
      "2026-07-11T14:00:00+01:00",
    ]);
    const [monday, wednesday] = items;
    expect(monday).toContain("event-dates__item--past");
    expect(monday).toContain(">Past</span>");
    // Past says past, not what the seats were.
    expect(monday).not.toContain("Few seats left");
    expect(monday).not.toContain("Book");
    expect(monday).not.toContain("Add to calendar");
    // Tonight's started at 7.30pm and is still on at 8pm: not past.
    expect(wednesday).not.toContain("Past");
    // The hero's "Next" is the first that is not past.
    expect(html).toMatch(/Next: <time datetime="2026-07-08T19:30:00\+01:00">Wednesday 8 July 2026, 7\.30pm<\/time>/);
  });

  it("books each performance at its own booking page, else the event's; a sold-out one says so and has no Book link", async () => {
    const [, wednesday, friday, saturday] = dateItemsOf((await request(t.app).get("/whats-on/tidelines/")).text);
    expect(wednesday).toContain('<a class="button event-dates__book" href="https://tickets.example/tidelines/">Book<span class="visually-hidden">: Wednesday 8 July 2026, 7.30pm</span></a>');
    expect(friday).toContain(">Sold out</span>");
    expect(friday).not.toContain("event-dates__book");
    expect(friday).toContain("Add to calendar");
    expect(saturday).toContain(">Few seats left</span>");
    expect(saturday).toContain('href="/schools-matinee/">Book');
  });

  it("shows no Book link for an event the content gives no booking page", async () => {
    const html = (await request(t.app).get("/whats-on/open-rehearsal/")).text;
    expect(html).toContain("Add to calendar");
    expect(html).not.toContain("event-dates__book");
  });

  it("tells search engines each upcoming performance's booking address and availability, and nothing of the past", async () => {
    const events = jsonLdOf((await request(t.app).get("/whats-on/tidelines/")).text);
    expect(events.map((event) => [event.startDate, event.offers.url, event.offers.availability])).toEqual([
      ["2026-07-08T19:30:00+01:00", "https://tickets.example/tidelines/", "https://schema.org/InStock"],
      ["2026-07-10T19:30:00+01:00", "https://tickets.example/tidelines/", "https://schema.org/SoldOut"],
      ["2026-07-11T14:00:00+01:00", "http://127.0.0.1:3000/schools-matinee/", "https://schema.org/LimitedAvailability"],
    ]);
  });

  it("marks What's On's ended performances past against the same clock, and hands that clock to the enhanced calendar", async () => {
    const html = (await request(t.app).get("/whats-on/")).text;
    expect(html).toContain('data-now="2026-07-08T20:00:00"');
    const entries = [...html.matchAll(/<li class="events-calendar__entry([^"]*)" data-instance-id="\d+">([\s\S]*?)<\/li>/g)];
    const byStart = Object.fromEntries(entries.map((match) => [/datetime="([^"]+)"/.exec(match[2]!)![1], { past: match[1] === " is-past", html: match[2]! }]));
    expect(Object.keys(byStart)).toHaveLength(5);
    expect(byStart["2026-07-06T19:30:00+01:00"]).toMatchObject({ past: true });
    expect(byStart["2026-07-06T19:30:00+01:00"]!.html).toContain('<p class="events-calendar__past"><span class="tag tag--outline">Past</span></p>');
    expect(byStart["2026-07-08T19:30:00+01:00"]).toMatchObject({ past: false });
    expect(byStart["2026-07-10T19:30:00+01:00"]!.html).toContain('<span class="tag calendar-entry__availability">Sold out</span>');
    expect(byStart["2026-07-11T14:00:00+01:00"]!.html).toContain('<span class="tag calendar-entry__availability">Few seats left</span>');
  });

  it("keeps the instances API's calendar markup free of the time: availability in, past out", async () => {
    const response = await request(t.app).get("/api/attendable/v1/instances/?start_date=2026-07-06&end_date=2026-07-12&fields=_,calendar_html");
    const markup = (response.body as { items: { calendar_html: string }[] }).items.map((item) => item.calendar_html).join("\n");
    expect(markup).toContain("Sold out");
    expect(markup).not.toContain("Past");
  });
});
