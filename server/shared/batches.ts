/**
 * Rows per multi-row INSERT: well under SQLite's 32,766 and PostgreSQL's
 * 65,535 bound parameters for our widest table (about 16 columns).
 */
export const ROWS_PER_BATCH = 500;

export function inBatches<T>(items: readonly T[], size: number = ROWS_PER_BATCH): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
