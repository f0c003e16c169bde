import type { ResourceType } from "../../domain/resource-taxonomy";
import type { Character, Play, Scene } from "./plays";
import type { KeyStage, KeyStageSlug, ResourceImage, SubjectSlug, Theme } from "./vocabulary";

/** What a play technique's text is written about. */
export interface PlayContext {
  play: Play;
  character: Character;
  scene: Scene;
  theme: Theme;
  keyStage: KeyStage;
}

/** What a topic technique's text is written about. */
export interface TopicContext {
  keyStage: KeyStage;
}

/**
 * A way of teaching (freeze-frames, a close-reading lesson, a set-design
 * worksheet) that becomes one resource per play or topic and key stage.
 */
export interface Technique<Context> {
  slug: string;
  resourceType: ResourceType;
  image: ResourceImage;
  subjects: SubjectSlug[];
  /** The key stages it suits, with its length in minutes at each. */
  minutes: Partial<Record<KeyStageSlug, number>>;
  /** Guides and context lessons also serve the play's context subjects (history, RE...). */
  includesContext?: boolean;
  /** Plain text: completes "Macbeth: ...". */
  title(context: Context): string;
  /** Plain text. */
  summary(context: Context): string;
  /** HTML: the resource's opening paragraphs. */
  introduction(context: Context): string;
  /** The ordered sections, 2 to 5 of them. */
  activities: { title: string; body(context: Context): string }[];
}

export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
