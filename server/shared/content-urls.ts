/** Public addresses of content, in one place so links and routes agree. */

export function pageUrl(slug: string): string {
  return `/${slug}/`;
}

export function eventUrl(slug: string): string {
  return `/whats-on/${slug}/`;
}

export function resourceUrl(slug: string): string {
  return `/resources/${slug}/`;
}

export function personUrl(slug: string): string {
  return `/people/${slug}/`;
}
