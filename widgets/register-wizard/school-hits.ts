import type { SchoolHit, SchoolType, SelectedSchool } from "../../contracts/shapes/schools";
import { DEFAULT_COUNTRY_ID, SCHOOL_SEARCH_MAX_LENGTH, SCHOOL_TYPES } from "../../contracts/rules/schools";

/** The text worth searching for: trimmed, at most 512 characters; null when blank. */
export function schoolSearchQuery(text: string): string | null {
  const query = text.trim().slice(0, SCHOOL_SEARCH_MAX_LENGTH);
  return query === "" ? null : query;
}

const schoolTypes: readonly string[] = SCHOOL_TYPES;

/**
 * Reads `{hits: [...]}` (contracts/shapes/schools.ts, SchoolSearchAnswer) leniently and
 * without zod in the bundle, since another backend may answer: a hit without
 * an id or a name is skipped. Anything else is a failure.
 */
export function readSchoolHits(body: unknown): SchoolHit[] {
  const hits = isRecord(body) ? body.hits : undefined;
  if (!Array.isArray(hits)) throw new Error("The school search answer has no hits array");
  return hits.flatMap((hit): SchoolHit[] => {
    if (!isRecord(hit) || typeof hit.constituentId !== "number" || typeof hit.name !== "string" || hit.name === "") return [];
    return [
      {
        constituentId: hit.constituentId,
        name: hit.name,
        highlightedName: typeof hit.highlightedName === "string" ? hit.highlightedName : "",
        URN: typeof hit.URN === "string" || typeof hit.URN === "number" ? String(hit.URN) : null,
        type: typeof hit.type === "string" && schoolTypes.includes(hit.type) ? (hit.type as SchoolType) : "state",
        addressLine1: text(hit.addressLine1),
        addressLine2: text(hit.addressLine2),
        addressLine3: text(hit.addressLine3),
        city: text(hit.city),
        postalCode: text(hit.postalCode),
      },
    ];
  });
}

/** A chosen hit as the selected school; its membership and seats come later from POST /account/school-check. */
export function schoolFromHit(hit: SchoolHit): SelectedSchool {
  return {
    name: hit.name,
    addressLine1: hit.addressLine1,
    addressLine2: hit.addressLine2,
    addressLine3: hit.addressLine3,
    city: hit.city,
    state: null,
    county: null,
    postalCode: hit.postalCode,
    country: DEFAULT_COUNTRY_ID,
    type: hit.type,
    URN: hit.URN,
    constituentId: hit.constituentId,
    membershipDetails: null,
    totalAvailable: null,
    benefitUsage: null,
  };
}

/** Address lines, city and postcode, comma-separated, blanks left out. */
export function addressLine(school: { addressLine1: string; addressLine2: string; addressLine3: string; city: string; postalCode: string }): string {
  return [school.addressLine1, school.addressLine2, school.addressLine3, school.city, school.postalCode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
