/** Resource types and facets, named as the spec's resource_type values and the listing's facet groups. */

export const RESOURCE_TYPES = ["activity", "lesson-plan", "video", "worksheet", "guide"] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  activity: "Activity",
  "lesson-plan": "Lesson plan",
  video: "Video",
  worksheet: "Worksheet",
  guide: "Guide",
};

export function resourceTypeLabel(type: string): string {
  return (RESOURCE_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/** Facets are many-to-many: a resource can suit several key stages, subjects and themes. */
export const RESOURCE_FACETS = ["key_stage", "subject", "play_or_topic", "theme"] as const;
export type ResourceFacet = (typeof RESOURCE_FACETS)[number];

export const RESOURCE_FACET_LABELS: Record<ResourceFacet, string> = {
  key_stage: "Key stage",
  subject: "Subject",
  play_or_topic: "Play or topic",
  theme: "Theme",
};
