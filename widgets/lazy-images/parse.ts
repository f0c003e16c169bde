import { childNodesOf } from "../lib/dom";
import { WidgetConfigError } from "../lib/options";

export interface LazyImagesProps {
  /** Everything inside the root, moved (never copied) so nested widgets keep working. */
  content: Node[];
}

/**
 * Reads `data-widget="lazy-images"`: a container of page content holding
 * `img.lazyload` images (the lazy-image macro's markup), anywhere inside it.
 */
export function parseLazyImages(root: HTMLElement): LazyImagesProps {
  if (!root.querySelector("img.lazyload")) {
    throw new WidgetConfigError(
      'lazy-images needs at least one <img class="lazyload" data-src="…"> inside it; render images with the lazyImage macro',
    );
  }
  return { content: childNodesOf(root) };
}
