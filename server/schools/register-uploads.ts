import { rm, rmdir } from "node:fs/promises";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Kysely, Selectable } from "kysely";
import type { CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { isUniqueViolation } from "../db/unique-violation";
import { EstablishmentFileError } from "./gias-establishments";
import { readRegisterFile, type RegisterFileReport } from "./register-file";
import { RegisterImport, type RegisterImportSummary } from "./register-import";
import type { AlgoliaSchoolIndexing } from "./search/algolia/algolia-school-indexing";
import type { RegisterImportsTable } from "./tables";

/*
 * The register uploaded from the back office (issue 28; docs/back-office.md
 * "The register upload"): the file the route saved is imported in the
 * background, in this process, by the importer `npm run schools:import` runs
 * (readRegisterFile and RegisterImport). Its progress, then its summary or
 * its error, are kept in register_imports (migration 0034), so any process's
 * page shows them. One import at a time: a unique index on `active` refuses
 * a second row while one is queued or running, across processes.
 */

/** What the page shows after an import: the importer's counts, and the file's own problems. */
export interface RegisterUploadSummary extends RegisterImportSummary {
  rows: number;
  /** "Windows-1252", "UTF-8 with a byte order mark", … */
  encoding: string;
  problemCount: number;
  /** The first problems, word for word (line and message). */
  problems: { line: number; message: string }[];
}

export interface RegisterUpload {
  id: number;
  status: RegisterImportsTable["status"];
  startedBy: number;
  fileName: string;
  bytes: number;
  rowsRead: number;
  bytesRead: number;
  summary: RegisterUploadSummary | null;
  errorMessage: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** The saved upload the route hands over: the runner deletes `path` (and its folder, when it is the only file) once done. */
export interface SavedRegisterFile {
  path: string;
  fileName: string;
  bytes: number;
}

export interface RegisterUploads {
  /** The import running now, or else the last one. */
  latest(): Promise<RegisterUpload | undefined>;
  /** Whether one is queued or running (the page refuses a second upload before reading it). */
  busy(): Promise<boolean>;
  /**
   * Records the upload and starts importing it in the background; "busy"
   * (and the file deleted) when another import is queued or running.
   * `finished` is told the outcome once the import ends.
   */
  start(file: SavedRegisterFile, startedBy: number, finished?: (upload: RegisterUpload) => Promise<void>): Promise<RegisterUpload | "busy">;
  /** Resolves once every import this process started has ended (tests, shutdown). */
  idle(): Promise<void>;
}

/** Problems kept for the page; the count says how many more. */
const PROBLEMS_SHOWN = 50;
/** A running import not heard from for this long stopped with its process (a restart, a crash). */
export const STALLED_AFTER_MS = 10 * 60 * 1000;

/** How often an import through Tessitura says it is still running, between batches. */
const HEARTBEAT_MS = 30_000;

export const STALLED_MESSAGE = "The import stopped before it finished: the server restarted while it ran. Schools already imported are kept. Upload the file again to finish.";

export function createRegisterUploads(deps: {
  db: Kysely<Database>;
  crm: CrmPort;
  /** Which CRM `crm` is: Tessitura is written school by school (RegisterImportOptions.crmProvider). */
  crmProvider?: "sql" | "tessitura";
  clock?: () => Date;
  logger?: { error(details: object, message: string): void };
  /** With SCHOOL_SEARCH=algolia: the hosted index, told what the import wrote and closed (docs/search.md, "Algolia"). */
  schoolIndex?: Pick<AlgoliaSchoolIndexing, "pushChangesSince">;
}): RegisterUploads {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const running = new Set<Promise<void>>();

  /** A running import whose process stopped is marked failed, so that it neither shows as running nor blocks the next. */
  async function failStalled(): Promise<void> {
    const now = clock();
    await db
      .updateTable("register_imports")
      .set({ status: "failed", active: null, error_message: STALLED_MESSAGE, finished_at: now.toISOString(), updated_at: now.toISOString() })
      .where("active", "=", 1)
      .where("updated_at", "<", new Date(now.getTime() - STALLED_AFTER_MS).toISOString())
      .execute();
  }

  async function byId(id: number): Promise<RegisterUpload> {
    return uploadOf(await db.selectFrom("register_imports").selectAll().where("id", "=", id).executeTakeFirstOrThrow());
  }

  /** The register is the record: a hosted index that missed the import is logged, and `npm run schools:reindex` catches it up. */
  async function pushToSchoolIndex(since: Date): Promise<void> {
    try {
      await deps.schoolIndex?.pushChangesSince(db, since);
    } catch (error) {
      deps.logger?.error({ err: error }, "the school search index missed the register import: run npm run schools:reindex");
    }
  }

  async function run(upload: RegisterUpload, file: SavedRegisterFile): Promise<RegisterUpload> {
    const now = clock();
    await db.updateTable("register_imports").set({ status: "running", updated_at: now.toISOString() }).where("id", "=", upload.id).execute();
    const progress = async (rows: number, bytesRead: number) => {
      await db.updateTable("register_imports").set({ rows_read: rows, bytes_read: bytesRead, updated_at: clock().toISOString() }).where("id", "=", upload.id).execute();
    };
    // Written after each batch of 1000 rows (one transaction each), never beside one: SQLite has one writer.
    let latest = { rows: 0, bytesRead: 0 };
    try {
      // Through Tessitura a batch of 1,000 takes minutes: a heartbeat every 30 s of schools written keeps it from looking stalled.
      let heartbeat: Promise<void> = Promise.resolve();
      let beaten = Date.now();
      const schoolWritten = () => {
        if (Date.now() - beaten < HEARTBEAT_MS) return;
        beaten = Date.now();
        // A missed heartbeat is harmless: the next batch's progress writes it again.
        heartbeat = heartbeat
          .then(async () => {
            await db.updateTable("register_imports").set({ updated_at: clock().toISOString() }).where("id", "=", upload.id).execute();
          })
          .catch(() => undefined);
      };
      const importer = new RegisterImport(db, { crm: deps.crm, crmProvider: deps.crmProvider, now, scope: "register", source: file.fileName, schoolWritten });
      const report: RegisterFileReport = await readRegisterFile(file.path, {
        batch: async (batch) => {
          await importer.batch(batch);
          await progress(latest.rows, latest.bytesRead);
          // The site's requests go first between batches.
          await nextTurn();
        },
        progress: ({ rows, bytesRead }) => {
          latest = { rows, bytesRead };
        },
      });
      await heartbeat;
      const counts = await importer.finish();
      await pushToSchoolIndex(now);
      const summary: RegisterUploadSummary = {
        ...counts,
        rows: report.rows,
        encoding: report.encoding.description,
        problemCount: report.problemCount,
        problems: report.problems.slice(0, PROBLEMS_SHOWN),
      };
      const finished = clock().toISOString();
      await db
        .updateTable("register_imports")
        .set({ status: "done", active: null, rows_read: report.rows, bytes_read: file.bytes, summary: JSON.stringify(summary), finished_at: finished, updated_at: finished })
        .where("id", "=", upload.id)
        .execute();
    } catch (error) {
      const message =
        error instanceof EstablishmentFileError
          ? `${error.message} Nothing was imported from it: check it is the establishment file from Get Information About Schools, then upload it again.`
          : `The import stopped: ${error instanceof Error ? error.message : String(error)}. Schools imported before it stopped are kept. Upload the file again; if it stops again, tell the site's developers.`;
      if (!(error instanceof EstablishmentFileError)) deps.logger?.error({ err: error, importId: upload.id }, "register import failed");
      const finished = clock().toISOString();
      await db
        .updateTable("register_imports")
        .set({ status: "failed", active: null, error_message: message, finished_at: finished, updated_at: finished })
        .where("id", "=", upload.id)
        .execute();
    } finally {
      await removeSaved(file);
    }
    return byId(upload.id);
  }

  return {
    async latest() {
      await failStalled();
      const row = await db.selectFrom("register_imports").selectAll().orderBy("id", "desc").limit(1).executeTakeFirst();
      return row && uploadOf(row);
    },

    async busy() {
      await failStalled();
      return (await db.selectFrom("register_imports").select("id").where("active", "=", 1).executeTakeFirst()) !== undefined;
    },

    async start(file, startedBy, finished) {
      await failStalled();
      const now = clock().toISOString();
      let id: number;
      try {
        ({ id } = await db
          .insertInto("register_imports")
          .values({ status: "queued", active: 1, started_by: startedBy, file_name: file.fileName, bytes: file.bytes, created_at: now, updated_at: now })
          .returning("id")
          .executeTakeFirstOrThrow());
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await removeSaved(file);
        return "busy";
      }
      const upload = await byId(Number(id));
      const job = (async () => {
        const outcome = await run(upload, file);
        await finished?.(outcome);
      })()
        .catch((error: unknown) => deps.logger?.error({ err: error, importId: upload.id }, "register import: recording its end failed"))
        .finally(() => running.delete(job));
      running.add(job);
      return upload;
    },

    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

function uploadOf(row: Selectable<RegisterImportsTable>): RegisterUpload {
  return {
    id: Number(row.id),
    status: row.status,
    startedBy: Number(row.started_by),
    fileName: row.file_name,
    bytes: Number(row.bytes),
    rowsRead: Number(row.rows_read),
    bytesRead: Number(row.bytes_read),
    summary: row.summary ? (JSON.parse(row.summary) as RegisterUploadSummary) : null,
    errorMessage: row.error_message,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/** The saved file goes once imported (or refused); its folder too, when the route made one for it alone. */
async function removeSaved(file: SavedRegisterFile): Promise<void> {
  await rm(file.path, { force: true });
  await rmdir(path.dirname(file.path)).catch(() => undefined);
}
