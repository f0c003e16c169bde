/**
 * How much of the carousel's progress bar is filled, from 0 to 1: the spec's
 * (current index + 1) / number of pages. `pageCount` is Splide's last
 * reachable index + 1, so the bar is full exactly on the last page.
 */
export function progressRatio(index: number, pageCount: number): number {
  if (pageCount <= 1) return 1;
  return Math.min(Math.max((index + 1) / pageCount, 0), 1);
}

/** The ratio as a CSS width. */
export function progressWidth(index: number, pageCount: number): string {
  return `${Number((progressRatio(index, pageCount) * 100).toFixed(4))}%`;
}
