import { carouselOptions } from "../../../../widgets/carousel/carousel-options";

// public-site.md section 9: shared by every kind.
const specDefaults = { gap: "24px", pagination: false, lazyLoad: "nearby", speed: 400, interval: 5000 };

describe("carouselOptions", () => {
  it.each(["default", "logos", "compact-events"] as const)("gives the %s kind the spec's shared defaults", (kind) => {
    expect(carouselOptions({ kind, perPage: null, autoplay: false })).toMatchObject(specDefaults);
  });

  it("shows 3 default slides; 2 with a 12px gap at 768px or less; 1 at 480px or less", () => {
    const options = carouselOptions({ kind: "default", perPage: null, autoplay: false });
    expect(options.perPage).toBe(3);
    expect(options.breakpoints).toEqual({ 768: { perPage: 2, gap: "12px" }, 480: { perPage: 1 } });
  });

  it.each(["logos", "compact-events"] as const)(
    "shows 5 %s; 4 at 1200px or less; 3 with a 12px gap at 768px or less; 2 at 480px or less",
    (kind) => {
      const options = carouselOptions({ kind, perPage: null, autoplay: false });
      expect(options.perPage).toBe(5);
      expect(options.breakpoints).toEqual({
        1200: { perPage: 4 },
        768: { perPage: 3, gap: "12px" },
        480: { perPage: 2 },
      });
    },
  );

  it.each(["default", "logos", "compact-events"] as const)(
    "lets data-per-page override the %s count and drop its breakpoints",
    (kind) => {
      const options = carouselOptions({ kind, perPage: 2, autoplay: false });
      expect(options.perPage).toBe(2);
      expect(options).not.toHaveProperty("breakpoints");
      expect(options).toMatchObject(specDefaults);
    },
  );

  it("prepares autoplay paused, for the component to start, only with data-autoplay", () => {
    expect(carouselOptions({ kind: "default", perPage: null, autoplay: true }).autoplay).toBe("pause");
    expect(carouselOptions({ kind: "default", perPage: null, autoplay: false }).autoplay).toBe(false);
  });

  it("leaves pausing on hover and focus to the component, so there is one source of truth", () => {
    const options = carouselOptions({ kind: "logos", perPage: null, autoplay: true });
    expect(options.pauseOnHover).toBe(false);
    expect(options.pauseOnFocus).toBe(false);
  });

  it("rewinds at the ends instead of disabling an arrow that may hold keyboard focus", () => {
    expect(carouselOptions({ kind: "default", perPage: null, autoplay: false }).rewind).toBe(true);
  });

  it("hands out a fresh breakpoints object each time, so Splide cannot change the next carousel's", () => {
    const first = carouselOptions({ kind: "logos", perPage: null, autoplay: false });
    (first.breakpoints as Record<number, { perPage?: number }>)[1200]!.perPage = 99;
    expect(carouselOptions({ kind: "logos", perPage: null, autoplay: false }).breakpoints).toMatchObject({
      1200: { perPage: 4 },
    });
  });
});
