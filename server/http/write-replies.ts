import type { Request, Response } from "express";
import type { FieldErrors } from "./errors";
import { setFlash } from "./flash";

/*
 * The two ways a write is refused: a widget's JSON call gets
 * `{success: false, errors}` with the status; a plain form post goes back
 * (303) to a page that shows the reason as a notice.
 */

export function failJson(res: Response, status: number, errors: FieldErrors): void {
  res.status(status).json({ success: false, errors });
}

export function redirectWithError(req: Request, res: Response, text: string, location: string): void {
  setFlash(req, { variant: "error", text });
  res.redirect(303, location);
}
