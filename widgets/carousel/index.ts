import { defineWidget } from "../runtime/definition";
import type { CarouselProps } from "./parse";

/** A row of slides with previous / next controls: `data-widget="carousel"`, `data-kind`, `data-per-page`, `data-autoplay`. */
export const carouselWidget = defineWidget<CarouselProps>({
  name: "carousel",
  // Most carousels sit below the fold; until one comes near, its slides are a plain scrollable list.
  hydrate: "visible",
  load: () => import("./widget"),
});
