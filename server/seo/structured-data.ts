import { eventUrl, resourceUrl } from "../shared/content-urls";
import { toLondonIsoString } from "../shared/london-time";
import { performanceAvailabilityOf, type PerformanceAvailability } from "../domain/performance-availability";

/*
 * schema.org JSON-LD for the pages search engines show as rich results
 * (docs/seo.md, "Structured data"): Organization on the home page, one Event
 * per upcoming performance on an event page, LearningResource on a resource
 * page. Pure: the routes give the content, the site's settings and PUBLIC_URL.
 */

const SCHEMA_ORG = "https://schema.org";

export type JsonLd = Record<string, unknown>;

/** The site as structured data needs it: its name and address (site settings) and PUBLIC_URL, without a trailing slash. */
export interface StructuredDataSite {
  name: string;
  address: { street: string; town: string; postcode: string; country: string } | null;
  publicUrl: string;
}

/** The site settings a page was rendered with (res.locals.site), and PUBLIC_URL. */
export function structuredDataSiteOf(settings: Pick<StructuredDataSite, "name" | "address">, publicUrl: string): StructuredDataSite {
  return { name: settings.name, address: settings.address, publicUrl };
}

/** The organisation's logo for search engines: a square PNG (Google reads no SVG logos), 512 px. */
export const ORGANIZATION_LOGO_PATH = "/static/images/icons/icon-512.png";

/** The prices an event's price text names ("£12–£32", "Free", "£8.50"), in pounds; none when it names none. */
export function pricesOf(priceText: string | null): number[] {
  if (!priceText) return [];
  const prices = [...priceText.matchAll(/£\s?(\d+(?:\.\d{1,2})?)/g)].map((match) => Number(match[1]));
  if (/\bfree\b/i.test(priceText)) prices.push(0);
  return prices;
}

export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl}`;
}

function organizationOf(site: StructuredDataSite): JsonLd {
  return { "@type": "Organization", name: site.name, url: `${site.publicUrl}/` };
}

function postalAddressOf(site: StructuredDataSite): JsonLd | undefined {
  if (!site.address) return undefined;
  const { street, town, postcode, country } = site.address;
  return { "@type": "PostalAddress", streetAddress: street, addressLocality: town, postalCode: postcode, addressCountry: country };
}

/** The home page's: who runs the site, and its logo. */
export function organizationJsonLd(site: StructuredDataSite): JsonLd {
  return {
    "@context": SCHEMA_ORG,
    ...organizationOf(site),
    logo: absoluteUrl(site.publicUrl, ORGANIZATION_LOGO_PATH),
    ...(postalAddressOf(site) ? { address: postalAddressOf(site) } : {}),
  };
}

/** An event as the events capability reads it (EventDetails); only these fields are used. */
export interface StructuredEvent {
  slug: string;
  title: string;
  summary: string;
  image_url: string;
  price_text: string | null;
  /** When the listing last changed: the offer's validFrom (tickets are on sale from the listing). */
  updated_at: string;
  terms: { venue?: { label: string } };
  /** A booking page of its own, when the content gives one; else the offer points at the event page. */
  booking_url?: string | null;
}

/** One performance as structured data needs it: its times, and its own booking page and availability when the content gives them. */
export interface StructuredPerformance {
  starts_at: string;
  ends_at: string;
  booking_url?: string | null;
  availability?: string | null;
}

const SCHEMA_AVAILABILITY: Record<PerformanceAvailability, string> = {
  available: `${SCHEMA_ORG}/InStock`,
  limited: `${SCHEMA_ORG}/LimitedAvailability`,
  "sold-out": `${SCHEMA_ORG}/SoldOut`,
};

/**
 * One schema.org Event per upcoming performance, as Google asks for an event
 * with several dates; none once the last has passed (the page stays). The company that produces them is both organizer and
 * performer: the content names no cast.
 */
export function eventJsonLd(
  event: StructuredEvent,
  performances: readonly StructuredPerformance[],
  site: StructuredDataSite,
): JsonLd[] | undefined {
  if (performances.length === 0) return undefined;
  const pageUrl = absoluteUrl(site.publicUrl, eventUrl(event.slug));
  const venue = event.terms.venue?.label;
  const address = postalAddressOf(site);
  const location: JsonLd = { "@type": "Place", name: venue ? `${venue}, ${site.name}` : site.name, ...(address ? { address } : {}) };
  const prices = pricesOf(event.price_text);
  // The Book link's address: the performance's own booking page, else the event's, else the event page.
  const offersOf = (performance: StructuredPerformance): JsonLd => {
    const bookingUrl = performance.booking_url ?? event.booking_url;
    return {
      "@type": "Offer",
      url: bookingUrl ? absoluteUrl(site.publicUrl, bookingUrl) : pageUrl,
      ...(prices.length ? { price: Math.min(...prices).toFixed(2), priceCurrency: "GBP" } : {}),
      availability: SCHEMA_AVAILABILITY[performanceAvailabilityOf(performance.availability)],
      validFrom: toLondonIsoString(event.updated_at),
    };
  };
  return performances.map((performance) => ({
    "@context": SCHEMA_ORG,
    "@type": "Event",
    name: event.title,
    description: event.summary,
    url: pageUrl,
    image: [absoluteUrl(site.publicUrl, event.image_url)],
    startDate: toLondonIsoString(performance.starts_at),
    endDate: toLondonIsoString(performance.ends_at),
    eventStatus: `${SCHEMA_ORG}/EventScheduled`,
    eventAttendanceMode: `${SCHEMA_ORG}/OfflineEventAttendanceMode`,
    location,
    offers: offersOf(performance),
    organizer: organizationOf(site),
    performer: { "@type": "PerformingGroup", name: site.name },
  }));
}

/** A resource as its page shows it (ResourcePage's resource and facets); only these fields are used. */
export interface StructuredResource {
  slug: string;
  title: string;
  summary: string;
  imageUrl: string;
  resourceTypeLabel: string;
  durationMinutes: number;
  publishedAt: string;
  updatedAt: string;
}

/**
 * A teaching resource as schema.org LearningResource. The page a crawler sees
 * is the summary (the activities are for members), so this describes that
 * summary and claims no paywalled text.
 */
export function learningResourceJsonLd(
  resource: StructuredResource,
  facets: readonly { facet: string; terms: readonly { label: string }[] }[],
  site: StructuredDataSite,
): JsonLd {
  const labelsOf = (facet: string) => facets.find((entry) => entry.facet === facet)?.terms.map((term) => term.label) ?? [];
  const keyStages = labelsOf("key_stage");
  const about = [...labelsOf("subject"), ...labelsOf("play_or_topic"), ...labelsOf("theme")];
  return {
    "@context": SCHEMA_ORG,
    "@type": "LearningResource",
    name: resource.title,
    description: resource.summary,
    url: absoluteUrl(site.publicUrl, resourceUrl(resource.slug)),
    image: absoluteUrl(site.publicUrl, resource.imageUrl),
    learningResourceType: resource.resourceTypeLabel,
    timeRequired: `PT${resource.durationMinutes}M`,
    ...(keyStages.length ? { educationalLevel: keyStages } : {}),
    ...(about.length ? { about: about.map((name) => ({ "@type": "Thing", name })) } : {}),
    inLanguage: "en-GB",
    datePublished: resource.publishedAt,
    dateModified: resource.updatedAt,
    publisher: organizationOf(site),
  };
}
