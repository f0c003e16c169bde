import type { Kysely } from "kysely";
import { compressJsonAnswer, type CompressedAnswer } from "../cache/compressed-answer";
import { versionedCache } from "../cache/versioned-cache";
import type { Database } from "../db/schema";
import type { RenderCalendarEntry } from "./calendar-entry-renderer";
import { listInstanceItems } from "./instance-listing";
import type { InstanceQuery } from "./instance-query";

/*
 * The instances API's whole answer per window, filters and fields, as JSON
 * bytes already compressed (server/cache/compressed-answer.ts), in a
 * versioned cache (server/cache/versioned-cache.ts) until the events content
 * version (migration 0018) moves. The answer depends on nothing else (no
 * "now"), so there is no time limit.
 */

/** A week is about 260 kB of JSON (350 kB kept with its two compressed copies): this keeps about 45 such answers. */
export const INSTANCE_ANSWERS_MAX_BYTES = 16 * 1024 * 1024;

export interface InstanceAnswers {
  /** The answer for `query`, kept or computed now (and kept). */
  answer(query: InstanceQuery, renderCalendarEntry: RenderCalendarEntry): Promise<CompressedAnswer>;
  /** The answer for `query` only if it is kept and current: never computes. */
  kept(query: InstanceQuery): Promise<CompressedAnswer | undefined>;
}

export function cachedInstanceAnswers(db: Kysely<Database>, readVersion: () => Promise<number>, maxBytes = INSTANCE_ANSWERS_MAX_BYTES): InstanceAnswers {
  const answers = versionedCache<CompressedAnswer>({ readVersion, ttlMs: Infinity, size: { maxBytes, bytesOf: (answer) => answer.bytes } });
  return {
    answer: (query, renderCalendarEntry) =>
      answers.remember(JSON.stringify(query), () => listInstanceItems(db, query, renderCalendarEntry).then((items) => compressJsonAnswer(items))),
    kept: (query) => answers.kept(JSON.stringify(query)),
  };
}
