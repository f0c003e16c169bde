import { defineWidget } from "../runtime/definition";
import { parseCarousel, type CarouselProps } from "./parse";

/** A row of slides with previous / next controls: `data-widget="carousel"`, `data-kind`, `data-per-page`, `data-autoplay`. */
export const carouselWidget = defineWidget<CarouselProps>({
  name: "carousel",
  // Most carousels sit below the fold; until one comes near, its slides are a plain scrollable list.
  hydrate: "visible",
  parse: parseCarousel,
  load: () => import("./Carousel"),
});
