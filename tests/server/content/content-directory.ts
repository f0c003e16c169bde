import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_CONTENT_DIRECTORY } from "../../../server/content/seed";

/** A throwaway content directory for one test. */
export interface ContentDirectory {
  path: string;
  write(file: string, text: string): void;
  read(file: string): string;
  remove(): void;
}

export function createContentDirectory(files: Record<string, string> = {}, options: { copyDemo?: boolean } = {}): ContentDirectory {
  const directory = mkdtempSync(path.join(os.tmpdir(), "content-"));
  if (options.copyDemo) cpSync(DEMO_CONTENT_DIRECTORY, directory, { recursive: true });
  const contentDirectory: ContentDirectory = {
    path: directory,
    write: (file, text) => writeFileSync(path.join(directory, file), text),
    read: (file) => readFileSync(path.join(directory, file), "utf8"),
    remove: () => rmSync(directory, { recursive: true, force: true }),
  };
  for (const [file, text] of Object.entries(files)) contentDirectory.write(file, text);
  return contentDirectory;
}

/** A minimal valid events.yaml, for tests that change one thing in it. */
export const SMALL_EVENTS_YAML = `
taxonomies:
  event_type: [{ slug: performance, label: Performance }]
  genre: [{ slug: tragedy, label: Tragedy }]
  season: [{ slug: winter, label: Winter season }]
  series: []
  venue: [{ slug: main-house, label: Main House }]
  access_type: []
events:
  - slug: king-lear
    title: King Lear
    summary: An old king divides his kingdom.
    description_html: <p>Nothing will come of nothing.</p>
    image_url: /static/images/demo/poster-01.svg
    image_alt: A storm on a heath
    event_type: performance
    genre: tragedy
    season: winter
    venue: main-house
    duration: 180
    dates:
      - { day: 0, time: "19:30" }
  - slug: hamlet
    title: Hamlet
    summary: The Prince of Denmark returns home.
    description_html: <p>To be or not to be.</p>
    image_url: /static/images/demo/poster-02.svg
    image_alt: A skull on a dark stage
    event_type: performance
    season: winter
    venue: main-house
    duration: 210
    runs:
      - { from: 1, to: 7, days: [tue, fri], times: ["19:30"] }
`;
