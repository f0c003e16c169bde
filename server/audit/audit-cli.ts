/**
 * Staff read the audit log (docs/audit.md):
 *
 *   npm run audit -- --since 2025-01-31            every event since that day (UTC), as a table
 *   npm run audit -- --since 2025-01-31T09:00Z --json   one JSON object per line
 *   npm run audit -- --prune                       deletes events older than the 12 months kept
 *
 * Reads DATABASE_URL like the server (and migrates first, as the other commands do).
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { printLines, runCommand, UsageError, withMigratedDatabase } from "../command-database";
import { AUDIT_RETENTION_MONTHS, createAuditLog, retentionStart, type AuditRecord } from "./audit-log";

const USAGE = "Usage: npm run audit -- --since <YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM]> [--json] | --prune";

/* Exit codes: 0 done, 1 failed (database), 2 the command was used wrongly (UsageError). */

/** A date (midnight UTC) or a date and time (UTC unless it names an offset); anything else is refused. */
function parseSince(text: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(text);
  const [year, month, day, hour = 0, minute = 0, second = 0] = (match?.slice(1, 7) ?? []).map((part) => (part === undefined ? undefined : Number(part)));
  // Date would roll 2025-02-30 over to March: a day that is not on the calendar is refused, not moved.
  const calendarDay = match && new Date(Date.UTC(year!, month! - 1, day!));
  const real = calendarDay && calendarDay.getUTCMonth() === month! - 1 && calendarDay.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
  if (!match || !real) throw new UsageError(`--since "${text}" is not a date: write it as 2025-01-31 or 2025-01-31T09:30Z (UTC).`);
  return new Date(match[4] === undefined ? `${text}T00:00:00Z` : match[7] ? text : `${text}Z`);
}

function readArguments(): { since?: Date; json: boolean; prune: boolean } {
  let values;
  try {
    ({ values } = parseArgs({ options: { since: { type: "string" }, json: { type: "boolean" }, prune: { type: "boolean" } } }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. ${USAGE}`);
  }
  if (values.since === undefined && !values.prune) throw new UsageError(`Say from when with --since. ${USAGE}`);
  return { since: values.since === undefined ? undefined : parseSince(values.since), json: values.json ?? false, prune: values.prune ?? false };
}

const columns = ["occurred_at", "event", "actor", "subject", "ip", "record", "details"] as const;

/** A person's id, or `staff:<id>` for a back-office write (docs/audit.md). */
function actorOf(record: AuditRecord): string {
  if (record.staffActorId !== null) return `staff:${record.staffActorId}`;
  return record.actorId === null ? "-" : String(record.actorId);
}

/** The details, and for a back-office write the record's before and after. */
function detailsOf(record: AuditRecord): string {
  if (record.record === null) return JSON.stringify(record.details);
  return JSON.stringify({ ...record.details, before: record.record.before, after: record.record.after });
}

function tableRows(records: AuditRecord[]): string[] {
  const cells = records.map((record) => [
    record.occurredAt,
    record.event,
    actorOf(record),
    record.subjectId === null ? "-" : String(record.subjectId),
    record.ip ?? "-",
    record.record === null ? "-" : `${record.record.type}:${record.record.id}`,
    detailsOf(record),
  ]);
  const widths = columns.map((name, column) => Math.max(name.length, ...cells.map((row) => row[column]!.length)));
  // The last column is not padded: details can be long, and trailing spaces help nobody.
  const line = (row: readonly string[]) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join("  ");
  return [line(columns), ...cells.map(line)];
}

async function main(): Promise<number> {
  const options = readArguments();
  const config = loadConfig(process.env);
  return withMigratedDatabase(config.databaseUrl, async (db) => {
    const audit = createAuditLog(db);
    if (options.prune) {
      const before = retentionStart(new Date());
      const deleted = await audit.pruneBefore(before);
      console.error(`Deleted ${deleted} audit events from before ${before.toISOString()} (${AUDIT_RETENTION_MONTHS} months are kept).`);
    }
    if (!options.since) return 0;
    const records = await audit.listSince(options.since);
    const lines = options.json
      ? records.map((record) => JSON.stringify(record))
      : records.length === 0
        ? [`No audit events since ${options.since.toISOString()}.`]
        : tableRows(records);
    await printLines(lines);
    return 0;
  });
}

runCommand(main, (error) => `The audit command failed: ${error instanceof Error ? error.message : String(error)}`);
