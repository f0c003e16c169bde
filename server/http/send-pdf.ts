import type { Response } from "express";
import { PERSONAL_CACHE_CONTROL } from "./personal-responses";

/**
 * A PDF for one school or person (an invoice, a receipt): never kept by a
 * shared cache, opened in the browser's viewer, with a sensible name to
 * save it as.
 */
export function sendPdf(res: Response, document: { fileName: string; pdf: Buffer }): void {
  res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
  res.setHeader("Content-Type", "application/pdf");
  res.setHeader("Content-Disposition", `inline; filename="${document.fileName}"`);
  res.send(document.pdf);
}
