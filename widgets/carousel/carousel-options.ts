import type { Options } from "@splidejs/splide";

export const carouselKinds = ["default", "logos", "compact-events"] as const;
export type CarouselKind = (typeof carouselKinds)[number];

export interface CarouselSettings {
  kind: CarouselKind;
  /** From `data-per-page`; null keeps the kind's own count and breakpoints. */
  perPage: number | null;
  autoplay: boolean;
}

/** The spec's defaults for every kind (public-site.md section 9). */
const sharedOptions = {
  gap: "24px",
  pagination: false,
  lazyLoad: "nearby",
  speed: 400,
  interval: 5000,
  // A disabled arrow would drop keyboard focus to the page at either end, so
  // Next on the last page goes back to the first (and autoplay keeps going).
  rewind: true,
  // Rotation is driven by the component (pause control, hover, focus,
  // reduced motion), so Splide never starts or pauses it by itself.
  pauseOnHover: false,
  pauseOnFocus: false,
} as const satisfies Options;

type Breakpoints = NonNullable<Options["breakpoints"]>;

const slidesPerPage: Record<CarouselKind, { perPage: number; breakpoints: Breakpoints }> = {
  default: {
    perPage: 3,
    breakpoints: { 768: { perPage: 2, gap: "12px" }, 480: { perPage: 1 } },
  },
  logos: {
    perPage: 5,
    breakpoints: { 1200: { perPage: 4 }, 768: { perPage: 3, gap: "12px" }, 480: { perPage: 2 } },
  },
  "compact-events": {
    perPage: 5,
    breakpoints: { 1200: { perPage: 4 }, 768: { perPage: 3, gap: "12px" }, 480: { perPage: 2 } },
  },
};

/**
 * The Splide options for one carousel. A `data-per-page` count replaces the
 * kind's count and drops its breakpoints, so the carousel shows that many
 * slides at every width.
 */
export function carouselOptions({ kind, perPage, autoplay }: CarouselSettings): Options {
  const perKind = slidesPerPage[kind];
  // "pause": Splide prepares autoplay but waits for the component to start it.
  const rotation = { autoplay: autoplay ? ("pause" as const) : false };
  if (perPage !== null) return { ...sharedOptions, ...rotation, perPage };
  return { ...sharedOptions, ...rotation, perPage: perKind.perPage, breakpoints: structuredClone(perKind.breakpoints) };
}
