import type { Request, Response } from "express";

/** Every page address ends in a slash: a 301 to the slashed address, keeping the query. */
export function redirectToSlashed(req: Request, res: Response): void {
  const query = req.originalUrl.slice(req.path.length);
  res.redirect(301, `${req.path}/${query}`);
}
