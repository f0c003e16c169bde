import type { Kysely } from "kysely";
import { seedFromDirectory } from "../../../server/content/seed";
import type { Database } from "../../../server/db/schema";
import { createContentDirectory } from "../content/content-directory";

/*
 * A small, fixed set of resources for the listing tests. Six "named" ones
 * sit on the duration band edges (14, 15, 30, 31, 60, 61 minutes) with
 * overlapping facets; 25 "fillers" (KS5, History, Identity, 45 minutes)
 * give the paging something to page; one more is not published yet.
 * `published` counts days from seeding, so the newest is Macbeth freeze-frames.
 */

export const XSS_RESOURCE_TITLE = "<script>alert(1)</script> Twelfth Night letters";

interface ResourceSpec {
  id: number;
  slug: string;
  title: string;
  duration: number;
  published: number;
  key_stage?: string[];
  subject?: string[];
  play_or_topic?: string[];
  theme?: string[];
  activities?: string[];
}

export const NAMED_RESOURCES: ResourceSpec[] = [
  { id: 1, slug: "macbeth-freeze-frames", title: "Macbeth: freeze-frames", duration: 14, published: -1, key_stage: ["ks3"], subject: ["drama"], play_or_topic: ["macbeth"], theme: ["power"], activities: ["Warm up", "Freeze", "Reflect"] },
  { id: 2, slug: "alpha-warm-ups", title: "alpha warm-ups", duration: 15, published: -2, key_stage: ["ks2"], subject: ["drama"], theme: ["love"] },
  { id: 3, slug: "tempest-songs", title: "Tempest songs", duration: 30, published: -3, key_stage: ["ks2", "ks3"], subject: ["music"], play_or_topic: ["the-tempest"], theme: ["love"] },
  { id: 4, slug: "macbeth-essay", title: "Macbeth essay", duration: 31, published: -4, key_stage: ["ks3"], subject: ["english"], play_or_topic: ["macbeth"], theme: ["power"] },
  { id: 5, slug: "banquet-scene", title: "Banquet scene", duration: 60, published: -5, key_stage: ["ks3"], subject: ["drama", "english"], play_or_topic: ["macbeth"] },
  { id: 6, slug: "tempest-storm", title: XSS_RESOURCE_TITLE, duration: 61, published: -6, key_stage: ["ks2"], subject: ["drama"], play_or_topic: ["the-tempest"], theme: ["power"] },
];

export const FILLER_COUNT = 25;
const FILLERS: ResourceSpec[] = Array.from({ length: FILLER_COUNT }, (_, index) => ({
  id: 100 + index,
  slug: `history-filler-${index + 1}`,
  title: `History filler ${String(index + 1).padStart(2, "0")}`,
  duration: 45,
  published: -10 - index,
  key_stage: ["ks5"],
  subject: ["history"],
  theme: ["identity"],
}));

export const UNPUBLISHED: ResourceSpec = {
  id: 999,
  slug: "not-yet-published",
  title: "Macbeth: not yet published",
  duration: 20,
  published: 3,
  key_stage: ["ks3"],
  subject: ["drama"],
  play_or_topic: ["macbeth"],
};

function resourceYaml(spec: ResourceSpec): string {
  const list = (values: string[] = []) => `[${values.join(", ")}]`;
  const activities = (spec.activities ?? []).map((title) => `{ title: ${JSON.stringify(title)}, body_html: "<p>About ${title}.</p>" }`);
  return `
  - { id: ${spec.id}, resource_type: ${spec.id % 2 === 0 ? "worksheet" : "activity"}, slug: ${spec.slug}, title: ${JSON.stringify(spec.title)},
      summary: "Summary of ${spec.slug}.", body_html: "<p>Body of ${spec.slug}.</p>",
      image_url: /static/images/demo/resource-02.svg, image_alt: A page of script, duration_minutes: ${spec.duration},
      published: ${spec.published}, key_stage: ${list(spec.key_stage)}, subject: ${list(spec.subject)},
      play_or_topic: ${list(spec.play_or_topic)}, theme: ${list(spec.theme)}, activities: [${activities.join(", ")}] }`;
}

export const RESOURCES_YAML = `
facets:
  key_stage: [{ slug: ks2, label: Key Stage 2 }, { slug: ks3, label: Key Stage 3 }, { slug: ks5, label: Key Stage 5 }]
  subject: [{ slug: english, label: English }, { slug: drama, label: Drama }, { slug: music, label: Music }, { slug: history, label: History }]
  play_or_topic: [{ slug: macbeth, label: Macbeth }, { slug: the-tempest, label: The Tempest }]
  theme: [{ slug: power, label: Power }, { slug: love, label: Love }, { slug: identity, label: Identity }, { slug: fate, label: Fate }]
resources:${[...NAMED_RESOURCES, ...FILLERS, UNPUBLISHED].map(resourceYaml).join("")}
`;

/** Seeds the resources above, published relative to `now`. */
export async function seedResourceFixtures(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  const directory = createContentDirectory({ "site.yaml": "name: Test Playhouse\n", "resources.yaml": RESOURCES_YAML });
  try {
    await seedFromDirectory(db, directory.path, { now });
  } finally {
    directory.remove();
  }
}
