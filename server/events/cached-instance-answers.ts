import type { Kysely } from "kysely";
import { byteLru } from "../cache/byte-lru";
import { compressJsonAnswer, type CompressedAnswer } from "../cache/compressed-answer";
import type { Database } from "../db/schema";
import type { RenderCalendarEntry } from "./calendar-entry-renderer";
import { listInstanceItems } from "./instance-listing";
import type { InstanceQuery } from "./instance-query";

/*
 * The instances API's whole answer per window, filters and fields, as JSON
 * bytes already compressed (server/cache/compressed-answer.ts), kept until
 * the events content version (migration 0018) moves. The answer depends on
 * nothing else (no "now"), so there is no time limit. Identical questions in
 * flight share one computation.
 */

/** A week is about 260 kB of JSON (350 kB kept with its two compressed copies): this keeps about 45 such answers. */
export const INSTANCE_ANSWERS_MAX_BYTES = 16 * 1024 * 1024;

export type InstanceAnswer = (query: InstanceQuery, renderCalendarEntry: RenderCalendarEntry) => Promise<CompressedAnswer>;

export function cachedInstanceAnswers(db: Kysely<Database>, readVersion: () => Promise<number>, maxBytes = INSTANCE_ANSWERS_MAX_BYTES): InstanceAnswer {
  const answers = byteLru<{ version: number; answer: Promise<CompressedAnswer> }>(maxBytes);
  return async (query, renderCalendarEntry) => {
    const version = await readVersion();
    const key = JSON.stringify(query);
    const kept = answers.get(key);
    if (kept && kept.version === version) return kept.answer;
    const answer = listInstanceItems(db, query, renderCalendarEntry).then((body) => compressJsonAnswer(body));
    // Counted at a guess until it is known, so the bound holds while it is computed.
    answers.set(key, { version, answer }, 0);
    answer.then(
      (done) => {
        if (answers.get(key)?.answer === answer) answers.set(key, { version, answer }, done.bytes);
      },
      // A failure is not kept: the next request tries again.
      () => {
        if (answers.get(key)?.answer === answer) answers.delete(key);
      },
    );
    return answer;
  };
}
