/*
 * A small checker for the JSON-LD the pages carry, against the schema.org
 * vocabulary (each type's known properties, inherited ones included) and
 * Google's rich-result rules for Event: the required properties (name,
 * startDate, location with an address) and the recommended ones
 * (description, endDate, eventStatus, image, offers with price,
 * priceCurrency, availability, url and validFrom, organizer, performer).
 * Each function answers the problems it found; none means it passes.
 */

type Node = Record<string, unknown>;

const SCHEMA = "https://schema.org/";
const THING = ["@context", "@type", "name", "description", "url", "image", "sameAs", "identifier", "alternateName"];
const CREATIVE_WORK = [...THING, "about", "author", "publisher", "datePublished", "dateModified", "inLanguage", "isAccessibleForFree", "educationalLevel", "learningResourceType", "timeRequired", "teaches"];

/** schema.org properties per type (with their supertypes'), for the types these pages use. */
const VOCABULARY: Record<string, readonly string[]> = {
  Thing: THING,
  Event: [...THING, "startDate", "endDate", "location", "offers", "organizer", "performer", "eventStatus", "eventAttendanceMode", "doorTime", "duration"],
  Place: [...THING, "address", "geo", "telephone"],
  PostalAddress: ["@type", "streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry"],
  Offer: [...THING, "price", "priceCurrency", "availability", "validFrom", "validThrough", "lowPrice", "highPrice"],
  Organization: [...THING, "logo", "address", "email", "telephone"],
  PerformingGroup: [...THING, "logo", "address"],
  LearningResource: CREATIVE_WORK,
};

const EVENT_STATUSES = ["EventScheduled", "EventCancelled", "EventMovedOnline", "EventPostponed", "EventRescheduled"].map((name) => SCHEMA + name);
const ATTENDANCE_MODES = ["OfflineEventAttendanceMode", "OnlineEventAttendanceMode", "MixedEventAttendanceMode"].map((name) => SCHEMA + name);
const AVAILABILITIES = ["InStock", "SoldOut", "PreOrder", "LimitedAvailability", "OnlineOnly", "OutOfStock"].map((name) => SCHEMA + name);

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isText(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "";
}

function isAbsoluteUrl(value: unknown): boolean {
  return typeof value === "string" && /^https?:\/\/[^\s]+$/.test(value);
}

/** Every property of every node (nested ones too) is one schema.org defines for the node's type. */
export function vocabularyProblems(value: unknown, at = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => vocabularyProblems(item, `${at}[${index}]`));
  if (!isNode(value)) return [];
  const type = String(value["@type"]);
  const known = VOCABULARY[type];
  if (!known) return [`${at}: @type ${type} is not one this checker knows`];
  return Object.entries(value).flatMap(([property, child]) => [
    ...(known.includes(property) ? [] : [`${at}: ${property} is not a property of ${type}`]),
    ...vocabularyProblems(child, `${at}.${property}`),
  ]);
}

/** Google's Event rich result: the required and the recommended properties. */
export function eventRichResultProblems(event: Node): string[] {
  const problems: string[] = [];
  const need = (condition: boolean, problem: string) => condition || problems.push(problem);
  need(event["@context"] === "https://schema.org", "@context must be https://schema.org");
  need(event["@type"] === "Event", "@type must be Event");
  // Required.
  need(isText(event.name), "name is required");
  need(typeof event.startDate === "string" && ISO_DATE_TIME.test(event.startDate), "startDate must be an ISO 8601 date-time with its offset");
  const location = event.location;
  need(isNode(location) && location["@type"] === "Place" && isText(location.name), "location must be a Place with a name");
  const address = isNode(location) ? location.address : undefined;
  need(
    isNode(address) && address["@type"] === "PostalAddress" && ["streetAddress", "addressLocality", "postalCode", "addressCountry"].every((key) => isText(address[key])),
    "location.address must be a PostalAddress with street, locality, postcode and country",
  );
  // Recommended.
  need(isText(event.description), "description is recommended");
  need(typeof event.endDate === "string" && ISO_DATE_TIME.test(event.endDate), "endDate is recommended (ISO 8601 with its offset)");
  need(
    typeof event.endDate !== "string" || typeof event.startDate !== "string" || Date.parse(event.endDate) >= Date.parse(event.startDate),
    "endDate must not be before startDate",
  );
  need(EVENT_STATUSES.includes(String(event.eventStatus)), "eventStatus must be a schema.org EventStatusType");
  need(ATTENDANCE_MODES.includes(String(event.eventAttendanceMode)), "eventAttendanceMode must be a schema.org EventAttendanceModeEnumeration");
  const images = Array.isArray(event.image) ? event.image : [event.image];
  need(images.length > 0 && images.every(isAbsoluteUrl), "image is recommended: absolute URLs");
  const offers = event.offers;
  need(isNode(offers) && offers["@type"] === "Offer", "offers is recommended: an Offer");
  if (isNode(offers)) {
    need(offers.price !== undefined && Number.isFinite(Number(offers.price)), "offers.price must be a number");
    need(typeof offers.priceCurrency === "string" && /^[A-Z]{3}$/.test(offers.priceCurrency), "offers.priceCurrency must be an ISO 4217 code");
    need(AVAILABILITIES.includes(String(offers.availability)), "offers.availability must be a schema.org ItemAvailability");
    need(isAbsoluteUrl(offers.url), "offers.url must be an absolute URL");
    need(typeof offers.validFrom === "string" && ISO_DATE_TIME.test(offers.validFrom), "offers.validFrom must be an ISO 8601 date-time");
  }
  const organizer = event.organizer;
  need(isNode(organizer) && isText(organizer.name) && isAbsoluteUrl(organizer.url), "organizer is recommended: a name and url");
  const performer = event.performer;
  need(isNode(performer) && isText(performer.name), "performer is recommended: a name");
  return [...problems, ...vocabularyProblems(event)];
}

/** LearningResource: a name, a description, its page and picture, and the vocabulary. */
export function learningResourceProblems(resource: Node): string[] {
  const problems: string[] = [];
  const need = (condition: boolean, problem: string) => condition || problems.push(problem);
  need(resource["@context"] === "https://schema.org" && resource["@type"] === "LearningResource", "must be a schema.org LearningResource");
  need(isText(resource.name) && isText(resource.description), "name and description are needed");
  need(isAbsoluteUrl(resource.url) && isAbsoluteUrl(resource.image), "url and image must be absolute URLs");
  need(typeof resource.timeRequired === "string" && /^PT\d+M$/.test(resource.timeRequired), "timeRequired must be an ISO 8601 duration");
  return [...problems, ...vocabularyProblems(resource)];
}

/** Google's Organization logo: a name, the site's url and an absolute logo URL. */
export function organizationProblems(organization: Node): string[] {
  const problems: string[] = [];
  const need = (condition: boolean, problem: string) => condition || problems.push(problem);
  need(organization["@context"] === "https://schema.org" && organization["@type"] === "Organization", "must be a schema.org Organization");
  need(isText(organization.name), "name is needed");
  need(isAbsoluteUrl(organization.url) && isAbsoluteUrl(organization.logo), "url and logo must be absolute URLs");
  return [...problems, ...vocabularyProblems(organization)];
}

/** The JSON-LD blocks of a page, parsed. */
export function jsonLdOf(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!) as unknown);
}

/** The content of <meta property|name="…"> and <link rel="canonical">. */
export function metaOf(html: string, key: string): string | undefined {
  const meta = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, "\\$&")}" content="([^"]*)">`).exec(html);
  return meta?.[1];
}

export function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
}
