import type { Request } from "express";
import { TOO_MANY_REQUESTS_MESSAGE } from "../accounts";
import { HttpError } from "../http/errors";
import type { RateLimiter } from "../rate-limit/rate-limit";

const fifteenMinutes = 15 * 60 * 1000;

/**
 * At most `limit` requests named `name` from one address (Express's `req.ip`,
 * so TRUST_PROXY decides whose) in fifteen minutes; past it, a 429 with the
 * usual "too many requests" message.
 */
export async function limitPerAddress(rateLimiter: RateLimiter, req: Request, name: string, limit: number): Promise<void> {
  const result = await rateLimiter.hit(`${name}:${req.ip ?? "unknown"}`, limit, fifteenMinutes);
  if (!result.allowed) throw new HttpError(429, TOO_MANY_REQUESTS_MESSAGE);
}
