/**
 * lazysizes settings from the spec (public-site.md section 9): images smaller
 * than 40px are sized as 40px for data-sizes="auto", and lazysizes looks for
 * images to load at most every 125 ms while the page scrolls.
 *
 * lazysizes reads window.lazySizesConfig once, when its module runs, so these
 * must be in place before it is imported (see load-lazysizes.ts).
 */
export const lazySizesSettings = {
  minSize: 40,
  throttleDelay: 125,
} as const;

export type LazySizesConfig = Record<string, unknown>;

/**
 * The config to put on window.lazySizesConfig: the page's own settings (if
 * another script set some) with the spec's settings on top.
 */
export function lazySizesConfigFor(existing: LazySizesConfig | undefined): LazySizesConfig {
  return { ...existing, ...lazySizesSettings };
}
