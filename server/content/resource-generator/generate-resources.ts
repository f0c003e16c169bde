import type { ResourceFixture } from "../fixture-schema/resources";
import type { ResourcesContent } from "../load-fixtures";
import { CLASSROOM_TECHNIQUES } from "./classroom-techniques";
import { DRAMA_TECHNIQUES } from "./drama-techniques";
import { FILM_AND_GUIDE_TECHNIQUES } from "./film-and-guide-techniques";
import { html } from "./html";
import { PLAYS, type Play } from "./plays";
import type { PlayContext, Technique, TopicContext } from "./technique";
import { TOPICS, type Topic } from "./topics";
import { KEY_STAGES, SUBJECTS, THEMES, themeBySlug, type KeyStage } from "./vocabulary";

/*
 * Composes teaching resources from plays (or topics) x techniques x key
 * stages. Deterministic: the same count always gives the same resources, so
 * fixtures/content/resources.yaml can be regenerated and benchmarks compared.
 */

const PLAY_TECHNIQUES = [...DRAMA_TECHNIQUES, ...CLASSROOM_TECHNIQUES, ...FILM_AND_GUIDE_TECHNIQUES];
const FIRST_RESOURCE_ID = 1001;

interface Combination {
  slug: string;
  playOrTopic: string;
  keyStage: KeyStage;
  minutes: number;
  /** The next key stage up, for guides and films that serve both. */
  alsoKeyStage?: KeyStage;
  subjects: string[];
  themes: string[];
  titlePrefix: string;
  technique: Technique<PlayContext> | Technique<TopicContext>;
  context: PlayContext | TopicContext;
}

function pick<T>(items: readonly T[], index: number): T {
  return items[index % items.length] as T;
}

function nextKeyStage(technique: Technique<unknown>, keyStageIndex: number, allowed: (slug: string) => boolean) {
  const next = KEY_STAGES[keyStageIndex + 1];
  const servesTwo = technique.resourceType === "guide" || technique.resourceType === "video";
  return servesTwo && next && technique.minutes[next.slug] !== undefined && allowed(next.slug) ? next : undefined;
}

function playCombinations(play: Play): Combination[] {
  return PLAY_TECHNIQUES.flatMap((technique, techniqueIndex) =>
    KEY_STAGES.flatMap((keyStage, keyStageIndex) => {
      const minutes = technique.minutes[keyStage.slug];
      if (minutes === undefined || !play.keyStages.includes(keyStage.slug)) return [];
      // Vary the character, scene and theme across a play's resources.
      const theme = themeBySlug(pick(play.themes, techniqueIndex + 2 * keyStageIndex));
      const context: PlayContext = {
        play,
        character: pick(play.characters, techniqueIndex + keyStageIndex),
        scene: pick(play.scenes, 2 * techniqueIndex + keyStageIndex),
        theme,
        keyStage,
      };
      const subjects = [...technique.subjects, ...(technique.includesContext ? play.contextSubjects : [])];
      return [
        {
          slug: `${play.slug}-${technique.slug}-${keyStage.slug}`,
          playOrTopic: play.slug,
          keyStage,
          minutes,
          alsoKeyStage: nextKeyStage(technique, keyStageIndex, (slug) => play.keyStages.includes(slug as KeyStage["slug"])),
          subjects: [...new Set(subjects)],
          themes: [theme.slug],
          titlePrefix: play.title,
          technique,
          context,
        },
      ];
    }),
  );
}

function topicCombinations(topic: Topic): Combination[] {
  return topic.techniques.flatMap((technique, techniqueIndex) =>
    KEY_STAGES.flatMap((keyStage, keyStageIndex) => {
      const minutes = technique.minutes[keyStage.slug];
      if (minutes === undefined) return [];
      return [
        {
          slug: `${topic.slug}-${technique.slug}-${keyStage.slug}`,
          playOrTopic: topic.slug,
          keyStage,
          minutes,
          alsoKeyStage: nextKeyStage(technique, keyStageIndex, () => true),
          subjects: technique.subjects,
          themes: topic.themes.length > 0 ? [pick(topic.themes, techniqueIndex + keyStageIndex)] : [],
          titlePrefix: topic.title,
          technique,
          context: { keyStage },
        },
      ];
    }),
  );
}

/** A small seeded generator (mulberry32), so the shuffle is the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const result = [...items];
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [result[index], result[other]] = [result[other] as T, result[index] as T];
  }
  return result;
}

/** Every combination, in a fixed shuffled order so any prefix mixes plays, types and key stages. */
const COMBINATIONS = shuffled([...PLAYS.flatMap(playCombinations), ...TOPICS.flatMap(topicCombinations)], 2026);

function closingNote(combination: Combination): string {
  const { keyStage, minutes, technique } = combination;
  return technique.resourceType === "video"
    ? html`<p>For ${keyStage.label} (ages ${keyStage.ages}). The film runs for ${minutes} minutes.</p>`
    : html`<p>Written for ${keyStage.label} (ages ${keyStage.ages}). Allow about ${minutes} minutes.</p>`;
}

/**
 * The demo's media, shared by every resource of a type (docs/content.md,
 * "Resource media"): one short film with captions and one worksheet file, kept
 * tiny in static/media/demo so the repository stays small.
 */
export const DEMO_VIDEO = {
  url: "/static/media/demo/rehearsal-film.webm",
  poster_url: "/static/media/demo/rehearsal-film-poster.jpg",
  captions_url: "/static/media/demo/rehearsal-film.en.vtt",
} as const;
export const DEMO_DOWNLOAD = "/static/media/demo/set-design-worksheet.pdf";

function mediaOf(resourceType: string): Pick<ResourceFixture, "video" | "download"> {
  if (resourceType === "video") return { video: { ...DEMO_VIDEO } };
  if (resourceType === "worksheet") return { download: DEMO_DOWNLOAD };
  return {};
}

function toResource(combination: Combination, index: number, round: number): ResourceFixture {
  const { technique, context, keyStage, minutes } = combination;
  // Technique and context always come from the same combination, so they agree.
  const write = technique as Technique<typeof context>;
  return {
    id: FIRST_RESOURCE_ID + index,
    resource_type: technique.resourceType,
    slug: round === 0 ? combination.slug : `${combination.slug}-${round + 1}`,
    title: `${combination.titlePrefix}: ${write.title(context)} (${keyStage.short}, ${minutes} min)`,
    summary: write.summary(context),
    body_html: write.introduction(context) + closingNote(combination),
    image_url: technique.image.url,
    image_alt: technique.image.alt,
    duration_minutes: minutes,
    // Spread over about eighteen months before the day of seeding; the first are the newest.
    published: -1 - ((index * 7) % 540),
    key_stage: [keyStage.slug, ...(combination.alsoKeyStage ? [combination.alsoKeyStage.slug] : [])],
    subject: combination.subjects,
    play_or_topic: [combination.playOrTopic],
    theme: combination.themes,
    activities: write.activities.map((activity) => ({ title: activity.title, body_html: activity.body(context) })),
    ...mediaOf(technique.resourceType),
  };
}

/** The facet terms every generated resource draws on. */
export function generatedResourceFacets(): ResourcesContent["facets"] {
  return {
    key_stage: KEY_STAGES.map(({ slug, label }) => ({ slug, label })),
    subject: SUBJECTS,
    play_or_topic: [...PLAYS, ...TOPICS].map(({ slug, title }) => ({ slug, label: title })),
    theme: THEMES.map(({ slug, label }) => ({ slug, label })),
  };
}

/**
 * `count` resources in the shape of resources.yaml (ids from 1001). Past the
 * number of distinct combinations it starts again with numbered slugs, so
 * benchmarks can ask for 10,000.
 */
export function generateResources(count: number): ResourcesContent {
  const resources = Array.from({ length: count }, (_, index) =>
    toResource(pick(COMBINATIONS, index), index, Math.floor(index / COMBINATIONS.length)),
  );
  return { facets: generatedResourceFacets(), resources };
}
