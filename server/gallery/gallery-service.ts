import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { loadGalleries, type Gallery } from "./gallery";

/** The Gallery page: every gallery with its photos and videos. */
export interface GalleryService {
  galleries(): Promise<Gallery[]>;
}

export function createGalleryService(db: Kysely<Database>): GalleryService {
  return { galleries: () => loadGalleries(db) };
}
