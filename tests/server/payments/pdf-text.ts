import { extractText } from "unpdf";

/** A PDF's text, parsed back (unpdf, pdf.js), with runs of whitespace made single spaces. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/\s+/g, " ");
}
