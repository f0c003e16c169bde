import type { JSX } from "react";
import { excerptParts } from "../lib/excerpt-parts";

/**
 * A hit's highlightedName as React text and <mark> elements: only the
 * server's <mark> tags become markup, everything else (a `<script>` in a
 * school's name included) stays text. Never innerHTML.
 */
export function HighlightedName({ highlighted, fallback }: { highlighted: string; fallback: string }): JSX.Element {
  const parts = highlighted ? excerptParts(highlighted) : [];
  if (parts.length === 0) return <>{fallback}</>;
  return (
    <>
      {parts.map((part, index) =>
        part.marked ? (
          <mark key={index} className="school-search__mark">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
