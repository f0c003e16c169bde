import { recordId } from "../domain/record-id";
import { notFound } from "./errors";

/** A record id from the path (server/domain/record-id.ts); anything else is an address that does not exist: 404. */
export function pathId(value: unknown): number {
  const id = recordId(value);
  if (id === undefined || typeof value !== "string") throw notFound();
  return id;
}
