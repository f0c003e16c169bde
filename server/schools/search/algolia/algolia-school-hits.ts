import { escapeHtml } from "../../../search/excerpt";
import { schoolTypeOf } from "../../school-kind";
import type { SchoolHit } from "../school-search-port";
import type { AlgoliaSchoolRecord } from "./algolia-school-record";

/*
 * Algolia's hits as the wizard's school hits (pure). Algolia does not escape
 * the highlighted value: it returns the name as stored with its own tags
 * around the matched words. So the query asks for tags of our own, which no
 * school name holds; here the whole value is escaped, and only then are those
 * tags turned into the product's <mark> and </mark> (docs/search.md, "Excerpt
 * format"). A value whose text is not the name (tags unbalanced, or a name
 * that holds the tags) is shown escaped, unmarked.
 */

/** Characters Algolia cannot confuse with a name's, and that escaping leaves as they are. */
export const HIGHLIGHT_PRE_TAG = "[[school-search-mark]]";
export const HIGHLIGHT_POST_TAG = "[[/school-search-mark]]";

/** The fields the query retrieves, with the name's highlight. */
export type AlgoliaSchoolHit = Pick<AlgoliaSchoolRecord, "objectID" | "urn" | "kind" | "name" | "street1" | "street2" | "street3" | "city" | "postcode"> & {
  _highlightResult?: { name?: { value?: string } };
};

export function schoolHitOfAlgolia(hit: AlgoliaSchoolHit): SchoolHit {
  return {
    constituentId: Number(hit.objectID),
    name: hit.name,
    highlightedName: highlightedNameOf(hit.name, hit._highlightResult?.name?.value),
    URN: hit.urn,
    type: schoolTypeOf(hit.kind),
    addressLine1: hit.street1,
    addressLine2: hit.street2,
    addressLine3: hit.street3,
    city: hit.city,
    postalCode: hit.postcode,
  };
}

/** The name HTML-escaped, with <mark> around the words Algolia highlighted. */
export function highlightedNameOf(name: string, highlighted: string | undefined): string {
  if (highlighted === undefined || !marksOnlyThe(name, highlighted)) return escapeHtml(name);
  return escapeHtml(highlighted)
    .replaceAll(`${HIGHLIGHT_PRE_TAG}${HIGHLIGHT_POST_TAG}`, "")
    .replaceAll(HIGHLIGHT_PRE_TAG, "<mark>")
    .replaceAll(HIGHLIGHT_POST_TAG, "</mark>");
}

/** True when `highlighted` is `name` with balanced, unnested tags and nothing else. */
function marksOnlyThe(name: string, highlighted: string): boolean {
  if (name.includes(HIGHLIGHT_PRE_TAG) || name.includes(HIGHLIGHT_POST_TAG)) return false;
  let open = false;
  for (const part of highlighted.split(/(\[\[\/?school-search-mark\]\])/)) {
    if (part === HIGHLIGHT_PRE_TAG || part === HIGHLIGHT_POST_TAG) {
      if (open === (part === HIGHLIGHT_PRE_TAG)) return false;
      open = !open;
    }
  }
  return !open && highlighted.replaceAll(HIGHLIGHT_PRE_TAG, "").replaceAll(HIGHLIGHT_POST_TAG, "") === name;
}
