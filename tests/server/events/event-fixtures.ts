import type { Kysely } from "kysely";
import { seedFromDirectory } from "../../../server/content/seed";
import type { Database } from "../../../server/db/schema";
import { createContentDirectory } from "../content/content-directory";

/*
 * A small, fixed programme for the events tests: fixed dates either side of
 * the clock changes (British Summer Time 2026: 29 March to 25 October), a
 * title that is an XSS attempt, and titles with LIKE wildcards in them.
 */

export const XSS_TITLE = "<img src=x onerror=alert(1)>";

function event(fields: Record<string, string>, dates: string[]): string {
  const lines = Object.entries(fields).map(([key, value]) => `    ${key}: ${JSON.stringify(value)}`);
  const dateLines = dates.map((date) => {
    const [day, time, duration] = date.split(" ");
    return `      - { day: "${day}", time: "${time}"${duration ? `, duration: ${duration}` : ""} }`;
  });
  return [`  - slug: ${fields.slug}`, ...lines.filter((line) => !line.startsWith("    slug:")), "    duration: 120", "    dates:", ...dateLines].join("\n");
}

const common = { summary: "A summary.", description_html: "<p>About it.</p>", image_url: "/static/images/demo/poster-01.svg", image_alt: "A poster" };

export const EVENTS_YAML = `
taxonomies:
  event_type: [{ slug: performance, label: Performance }, { slug: workshop, label: Workshop }]
  genre: [{ slug: tragedy, label: Tragedy }, { slug: comedy, label: Comedy }]
  season: [{ slug: summer, label: Summer season }, { slug: winter, label: Winter season }]
  series: [{ slug: schools, label: Shakespeare for Schools }]
  venue: [{ slug: main-house, label: Main House }, { slug: the-studio, label: "The Studio & Bar" }]
  access_type: [{ slug: captioned, label: Captioned }, { slug: relaxed, label: Relaxed performance }]
events:
${[
  event(
    { slug: "hamlet", title: "Hamlet", ...common, event_type: "performance", genre: "tragedy", season: "summer", series: "schools", venue: "main-house", access_type: "captioned" },
    ["2026-07-04 19:30 150", "2026-07-05 00:30 60", "2026-07-06 14:00"],
  ),
  event(
    { slug: "xss-workshop", title: XSS_TITLE, ...common, event_type: "workshop", genre: "comedy", season: "summer", venue: "the-studio", access_type: "relaxed" },
    ["2026-07-04 10:00 90"],
  ),
  event(
    { slug: "much-ado", title: "Much Ado: 50% off_night", ...common, event_type: "performance", genre: "comedy", season: "winter", venue: "main-house" },
    ["2026-10-24 19:30", "2026-10-25 19:30", "2026-12-05 19:30"],
  ),
  event(
    { slug: "twelfth-night", title: "Twelfth Night", ...common, event_type: "performance", genre: "comedy", season: "winter", venue: "the-studio" },
    ["2026-12-05 14:30", "2026-12-07 19:00"],
  ),
].join("\n")}
`;

/** Seeds the programme above (and a site name) into a migrated database. */
export async function seedEventFixtures(db: Kysely<Database>): Promise<void> {
  const directory = createContentDirectory({
    "site.yaml": "name: Test Playhouse\n",
    "events.yaml": EVENTS_YAML,
  });
  try {
    await seedFromDirectory(db, directory.path, { now: new Date("2026-06-01T12:00:00Z") });
  } finally {
    directory.remove();
  }
}
