/** One run of an excerpt: plain text, marked (a matched word) or not. */
export interface ExcerptPart {
  text: string;
  marked: boolean;
}

const MARK_TAG = /<mark>|<\/mark>/g;

/**
 * Splits a marked text (a search suggestion's excerpt, a school hit's
 * highlightedName) into text runs for React to render as text nodes and
 * <mark> elements, never through innerHTML. Shared by the search-box and
 * register-wizard widgets.
 *
 * The server sends HTML-escaped text in which only `<mark>` and `</mark>`
 * are inserted (docs/search.md, docs/schools.md). Those two exact tags switch marking on and
 * off; everything between them is entity-decoded and shown as text, so a
 * `<script>` or `<img onerror>`, escaped or not, can only ever appear as
 * characters. A stray `</mark>` is dropped and an unclosed `<mark>` runs to
 * the end, so a malformed excerpt still reads sensibly.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let marked = false;
  let start = 0;
  for (const match of excerpt.matchAll(MARK_TAG)) {
    pushPart(parts, excerpt.slice(start, match.index), marked);
    marked = match[0] === "<mark>";
    start = match.index + match[0].length;
  }
  pushPart(parts, excerpt.slice(start), marked);
  return parts;
}

// Adjacent runs with the same marking are joined, and empty runs skipped.
function pushPart(parts: ExcerptPart[], raw: string, marked: boolean): void {
  const text = decodeEntities(raw);
  if (text === "") return;
  const last = parts.at(-1);
  if (last && last.marked === marked) last.text += text;
  else parts.push({ text, marked });
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

const ENTITY = /&(#x[\da-f]+|#\d+|[a-z]+);/gi;

/**
 * Decodes the entities an HTML escaper writes (named &amp; &lt; &gt; &quot;
 * &apos; &nbsp; and numeric ones). Anything else stays as written: text, not
 * markup, so there is nothing unsafe to leave behind.
 */
export function decodeEntities(text: string): string {
  return text.replace(ENTITY, (entity, body: string) => {
    if (body[0] !== "#") return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
    const codePoint = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
    const usable = codePoint > 0 && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff);
    return usable ? String.fromCodePoint(codePoint) : entity;
  });
}
