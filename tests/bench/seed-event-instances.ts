/**
 * Bench only: tops the database up to BENCH_EVENT_INSTANCES event instances
 * (default 20,000), spread over the demo events across a year from four weeks
 * ago, so the instances API is measured at a large organisation's size.
 * Seeds the demo content first when the database is empty, as the server would.
 *
 *   DATABASE_URL=sqlite:var/bench.sqlite BENCH_EVENT_INSTANCES=20000 tsx tests/bench/seed-event-instances.ts
 */
import { inBatches } from "../../server/shared/batches";
import { seedBenchDatabase } from "./bench-database";

const DAY_MS = 86_400_000;
const SPREAD_DAYS = 365;
const DAYS_BEFORE_TODAY = 28;
// Evening, matinee and daytime starts, in UTC.
const START_MINUTES = [10 * 60, 11 * 60 + 30, 14 * 60, 18 * 60, 19 * 60 + 30, 20 * 60];

seedBenchDatabase("BENCH_EVENT_INSTANCES", 20_000, async (db, target) => {
  const existing = Number((await db.selectFrom("event_instances").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow()).count);
  const events = await db.selectFrom("events").select("id").orderBy("id").execute();
  const missing = target - existing;
  if (missing <= 0 || events.length === 0) return;
  const firstDay = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAYS_BEFORE_TODAY * DAY_MS;
  // Deterministic: the nth instance goes to the (n mod events)th event, on an evenly spread day and a rotating time.
  const rows = Array.from({ length: missing }, (_, n) => {
    const start = firstDay + Math.floor((n * SPREAD_DAYS) / missing) * DAY_MS + START_MINUTES[n % START_MINUTES.length]! * 60_000;
    return {
      event_id: events[n % events.length]!.id,
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(start + 120 * 60_000).toISOString(),
    };
  });
  await db.transaction().execute(async (transaction) => {
    for (const batch of inBatches(rows)) await transaction.insertInto("event_instances").values(batch).execute();
  });
  console.log(`Bench database: ${existing + missing} event instances (${missing} added).`);
});
