import type { Kysely } from "kysely";
import type { CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import type { Establishment } from "./gias-establishments";
import { importEstablishments } from "./import-establishments";
import type { RegisterBatch } from "./register-file";
import { SchoolRegister, urnInScope, type UrnScope } from "./school-register";

export interface RegisterImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  reopened: number;
  /** Open schools the file lists as closed, or (when it is complete) no longer lists: moved out of search. */
  closed: number;
  /** Rows listed closed or not yet open that the register did not hold open: nothing to do. */
  notOpen: number;
  /** Rows whose URN belongs to the other scope (a demo URN in the Department's file, or the reverse): skipped. */
  outOfScope: number;
  /** Open schools the file does not list, left open because the file lists too few to be the whole register. */
  absentKept: number;
}

export interface RegisterImportOptions {
  crm: CrmPort;
  now: Date;
  /** "register" for the Department's file, "demo" for the seed's: each closes and writes only its own URNs. */
  scope: UrnScope;
  /** Named in each email-domain suggestion's source: the file's name. */
  source?: string;
}

/**
 * A register import, batch by batch (register-file.ts hands the batches
 * over): each batch is one transaction; inside a caller's transaction (the
 * seed) it all becomes part of that one. Each batch's CRM calls are one unit
 * with its transaction (CrmPort.inTransaction). Remembers only the URNs listed
 * open, so that `finish` can close the schools the file no longer lists.
 */
export class RegisterImport {
  readonly summary: RegisterImportSummary = { created: 0, updated: 0, unchanged: 0, reopened: 0, closed: 0, notOpen: 0, outOfScope: 0, absentKept: 0 };
  private readonly listedOpen = new Set<string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: RegisterImportOptions,
  ) {}

  async batch(batch: RegisterBatch): Promise<void> {
    const { scope, now } = this.options;
    const open = batch.open.filter((school) => urnInScope(school.urn, scope));
    const notOpen = batch.notOpenUrns.filter((urn) => urnInScope(urn, scope));
    this.summary.outOfScope += batch.open.length - open.length + batch.notOpenUrns.length - notOpen.length;
    for (const school of open) this.listedOpen.add(school.urn);
    await inTransaction(this.db, (trx) =>
      this.options.crm.inTransaction(
        async (crm) => {
          const register = new SchoolRegister(trx);
          const summary = await importEstablishments(open, { crm, register, now, source: this.options.source });
          this.summary.created += summary.created;
          this.summary.updated += summary.updated;
          this.summary.unchanged += summary.unchanged;
          this.summary.reopened += summary.reopened;
          const closed = await register.close(notOpen, now);
          this.summary.closed += closed;
          this.summary.notOpen += notOpen.length - closed;
        },
        { joining: trx },
      ),
    );
  }

  /**
   * After the whole file: the open schools in scope that it does not list
   * have closed. A file listing fewer than half the schools already open is
   * taken for an extract (one region, one phase), not the register, and
   * closes nothing by absence.
   */
  async finish(): Promise<RegisterImportSummary> {
    const absent = (await new SchoolRegister(this.db).openUrnsIn(this.options.scope)).filter((urn) => !this.listedOpen.has(urn));
    const registeredBefore = this.listedOpen.size + absent.length;
    if (absent.length > 0 && this.listedOpen.size * 2 < registeredBefore) {
      this.summary.absentKept = absent.length;
      return this.summary;
    }
    this.summary.closed += await inTransaction(this.db, (trx) => new SchoolRegister(trx).close(absent, this.options.now));
    return this.summary;
  }
}

/** Imports establishments already in memory (the seed's small file), in batches of 1000. */
export async function importRegisterIntoEmbeddedCrm(
  db: Kysely<Database>,
  establishments: readonly Establishment[],
  options: RegisterImportOptions & { notOpenUrns?: readonly string[] },
): Promise<RegisterImportSummary> {
  const run = new RegisterImport(db, options);
  for (let start = 0; start < establishments.length; start += 1000) {
    await run.batch({ open: establishments.slice(start, start + 1000), notOpenUrns: [] });
  }
  if (options.notOpenUrns && options.notOpenUrns.length > 0) await run.batch({ open: [], notOpenUrns: [...options.notOpenUrns] });
  return run.finish();
}
