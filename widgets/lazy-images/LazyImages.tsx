import type { JSX } from "react";
import { AdoptedContent } from "../lib/AdoptedContent";
import type { WidgetProps } from "../runtime/definition";
import type { LazyImagesProps } from "./parse";

/**
 * Puts the container's content back, unchanged: lazysizes, loaded and
 * configured before this mounts (see index.ts), does the rest. It watches the
 * page for changes, so it finds these images as soon as they are back.
 *
 * The wrapper is `display: contents` (lazy-image.css), so a root that lays out
 * its children (a grid, a stack) keeps doing so.
 */
export default function LazyImages({ content }: WidgetProps<LazyImagesProps>): JSX.Element {
  return <AdoptedContent as="div" className="lazy-images__content" nodes={content} />;
}
