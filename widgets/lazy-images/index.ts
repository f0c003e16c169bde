import { defineWidget } from "../runtime/definition";
import { loadLazySizes } from "./load-lazysizes";
import { parseLazyImages, type LazyImagesProps } from "./parse";

/**
 * A container whose `img.lazyload` images load as they near the viewport:
 * `data-widget="lazy-images"`. lazysizes is configured and loaded before the
 * widget mounts, so a failed download shows as this widget's error.
 */
export const lazyImagesWidget = defineWidget<LazyImagesProps>({
  name: "lazy-images",
  // Nothing inside needs loading until the container comes near the viewport.
  hydrate: "visible",
  parse: parseLazyImages,
  load: async () => {
    const [component] = await Promise.all([import("./LazyImages"), loadLazySizes()]);
    return component;
  },
});
