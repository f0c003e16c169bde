import { childNodesOf } from "../lib/dom";
import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError } from "../lib/options";
import { carouselKinds, type CarouselKind } from "./carousel-options";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type CarouselStrings = {
  previousLabel: string;
  nextLabel: string;
  /** The previous button's name on the first page: it goes round to the end. */
  lastLabel: string;
  /** The next button's name on the last page: it goes back to the start. */
  firstLabel: string;
  /** The control's text while the slide show plays. */
  pauseLabel: string;
  /** The control's text while it is paused. */
  playLabel: string;
  /** Each slide's name; {number} and {total} are filled in. */
  slideLabel: string;
  carouselRoleDescription: string;
  slideRoleDescription: string;
};

export const defaultCarouselStrings: CarouselStrings = {
  previousLabel: "Previous slide",
  nextLabel: "Next slide",
  lastLabel: "Go to last slide",
  firstLabel: "Go to first slide",
  pauseLabel: "Pause slide show",
  playLabel: "Play slide show",
  slideLabel: "{number} of {total}",
  carouselRoleDescription: "carousel",
  slideRoleDescription: "slide",
};

export interface CarouselProps {
  kind: CarouselKind;
  /** `data-per-page`, or null for the kind's own counts and breakpoints. */
  perPage: number | null;
  autoplay: boolean;
  /** The carousel's accessible name, from the list's aria-label. */
  label: string;
  /** Each slide's page-authored content, moved (never copied) so nested widgets keep working. */
  slides: Node[][];
  strings: CarouselStrings;
}

// 0 stands for "not set": the attribute is optional, and a count below 1 is rejected when given.
const carouselSchema = {
  kind: { type: "enum", values: carouselKinds, default: "default" },
  perPage: { type: "number", default: 0, min: 1, max: 8 },
  autoplay: { type: "boolean", default: false },
} as const;

/**
 * Reads `data-widget="carousel"`: `data-kind`, `data-per-page`,
 * `data-autoplay` and `data-i18n-*` on the root, and the slides of its
 * `<ul class="carousel__list" aria-label="…">`.
 */
export function parseCarousel(root: HTMLElement): CarouselProps {
  const list = root.querySelector<HTMLElement>(":scope > .carousel__list");
  if (!list) {
    throw new WidgetConfigError('carousel needs a direct child <ul class="carousel__list"> holding its slides');
  }
  const label = list.getAttribute("aria-label")?.trim() ?? "";
  if (label === "") {
    throw new WidgetConfigError(
      'carousel needs an aria-label on its <ul class="carousel__list"> naming the carousel, e.g. aria-label="On stage soon"',
    );
  }
  const slideElements = Array.from(list.querySelectorAll<HTMLElement>(":scope > .carousel__slide"));
  if (slideElements.length === 0) {
    throw new WidgetConfigError('carousel needs at least one <li class="carousel__slide"> in its list');
  }
  const options = readOptions(root, carouselSchema);
  return {
    kind: options.kind,
    perPage: options.perPage === 0 ? null : options.perPage,
    autoplay: options.autoplay,
    label,
    slides: slideElements.map((slide) => childNodesOf(slide)),
    strings: readI18n(root, defaultCarouselStrings),
  };
}
