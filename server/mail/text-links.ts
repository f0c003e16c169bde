/**
 * A plain-text email body as paragraphs of lines of pieces, with web
 * addresses picked out, so the dev mailbox can show it with working links
 * while escaping everything else. Pure: no HTML is built here.
 */

export type TextPiece = { text: string } | { href: string };
export type TextLine = TextPiece[];
export type TextParagraph = TextLine[];

const webAddressPattern = /https?:\/\/[^\s<>"']+/g;
/** Sentence punctuation right after an address belongs to the sentence. */
const trailingPunctuationPattern = /[.,;:!?)\]]+$/;

export function linkedParagraphs(text: string): TextParagraph[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ""))
    .filter((paragraph) => paragraph.trim() !== "")
    .map((paragraph) => paragraph.split("\n").map(linkedPieces));
}

function linkedPieces(line: string): TextLine {
  const pieces: TextLine = [];
  let position = 0;
  for (const match of line.matchAll(webAddressPattern)) {
    const href = match[0].replace(trailingPunctuationPattern, "");
    if (match.index > position) pieces.push({ text: line.slice(position, match.index) });
    pieces.push({ href });
    position = match.index + href.length;
  }
  if (position < line.length) pieces.push({ text: line.slice(position) });
  return pieces;
}
