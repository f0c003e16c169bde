import type { TermFixture } from "../fixture-schema/common";

/*
 * The generator's facet terms. These are also the facet lists written to
 * fixtures/content/resources.yaml, in this order.
 */

export const KEY_STAGES = [
  { slug: "ks1", label: "Key Stage 1", short: "KS1", ages: "5 to 7" },
  { slug: "ks2", label: "Key Stage 2", short: "KS2", ages: "7 to 11" },
  { slug: "ks3", label: "Key Stage 3", short: "KS3", ages: "11 to 14" },
  { slug: "ks4", label: "Key Stage 4", short: "KS4", ages: "14 to 16" },
  { slug: "ks5", label: "Key Stage 5", short: "KS5", ages: "16 to 18" },
] as const;
export type KeyStage = (typeof KEY_STAGES)[number];
export type KeyStageSlug = KeyStage["slug"];

export const SUBJECTS: TermFixture[] = [
  { slug: "english", label: "English" },
  { slug: "drama", label: "Drama" },
  { slug: "history", label: "History" },
  { slug: "music", label: "Music" },
  { slug: "art-and-design", label: "Art and design" },
  { slug: "pshe", label: "PSHE" },
  { slug: "citizenship", label: "Citizenship" },
  { slug: "religious-education", label: "Religious education" },
];
export type SubjectSlug =
  | "english"
  | "drama"
  | "history"
  | "music"
  | "art-and-design"
  | "pshe"
  | "citizenship"
  | "religious-education";

export const THEMES = [
  { slug: "ambition", label: "Ambition" },
  { slug: "power", label: "Power" },
  { slug: "guilt", label: "Guilt" },
  { slug: "love", label: "Love" },
  { slug: "family", label: "Family" },
  { slug: "friendship", label: "Friendship" },
  { slug: "identity", label: "Identity" },
  { slug: "social-class", label: "Social class" },
  { slug: "responsibility", label: "Responsibility" },
  { slug: "justice", label: "Justice" },
  { slug: "conflict", label: "Conflict" },
  { slug: "fate", label: "Fate" },
  { slug: "redemption", label: "Redemption" },
  { slug: "the-supernatural", label: "The supernatural" },
] as const satisfies readonly TermFixture[];
export type Theme = (typeof THEMES)[number];
export type ThemeSlug = Theme["slug"];

export function themeBySlug(slug: ThemeSlug): Theme {
  return THEMES.find((theme) => theme.slug === slug) as Theme;
}

/** The illustrations in static/images/demo, described for their alt text. */
export const RESOURCE_IMAGES = {
  freezeFrame: { url: "/static/images/demo/resource-01.svg", alt: "Three figures frozen in dramatic poses" },
  script: { url: "/static/images/demo/resource-02.svg", alt: "A page of script with lines of dialogue" },
  circle: { url: "/static/images/demo/resource-03.svg", alt: "Chairs set in a circle around a pool of light" },
  dialogue: { url: "/static/images/demo/resource-04.svg", alt: "Two speech bubbles in conversation" },
  blackboard: { url: "/static/images/demo/resource-05.svg", alt: "A blackboard with a staging plan of arrows and crosses" },
  masks: { url: "/static/images/demo/resource-06.svg", alt: "A row of theatre masks showing different emotions" },
  mindMap: { url: "/static/images/demo/resource-07.svg", alt: "A mind map of linked notes around a red centre" },
  groundPlan: { url: "/static/images/demo/resource-08.svg", alt: "A stage plan on squared paper with marked positions" },
} as const;
export type ResourceImage = (typeof RESOURCE_IMAGES)[keyof typeof RESOURCE_IMAGES];
