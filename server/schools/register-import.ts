import type { Kysely } from "kysely";
import type { CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import type { Establishment } from "./gias-establishments";
import { importEstablishment, importEstablishments, knownSchools, type ImportDependencies } from "./import-establishments";
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
  /**
   * Which CRM `crm` is ("sql" unless told): the embedded one is written a
   * batch per transaction, Tessitura school by school through its API, a few
   * at a time (docs/schools.md, "Importing into Tessitura").
   */
  crmProvider?: "sql" | "tessitura";
  /** Told after each school written through Tessitura's API (the command's progress line). */
  schoolWritten?: () => void;
}

/** Schools written through Tessitura's API at once: enough to hide its latency, few enough to spare it. */
export const TESSITURA_CONCURRENCY = 4;

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
  /** Tessitura organisations this import created or adopted: never adopted again for another URN. */
  private readonly claimed = new Set<number>();

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
    // The one place the import tells the CRMs apart.
    if (this.options.crmProvider === "tessitura") return this.throughTessitura(open, notOpen);
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
   * Tessitura's API is not the site's database: no transaction spans the
   * two, and holding one open over a thousand schools' HTTP calls would stop
   * every other writer. So each school is written on its own, its CRM calls
   * first and then its register row, TESSITURA_CONCURRENCY at a time. A
   * school in the register is one whose organisation exists, so a rerun
   * (after an interruption, or next month) matches it by URN and never
   * creates it twice; a new URN is first looked for in Tessitura (adoptable)
   * in case an import stopped between creating its organisation and saving
   * its row.
   */
  private async throughTessitura(open: RegisterBatch["open"], notOpen: readonly string[]): Promise<void> {
    const { crm, now, source } = this.options;
    const register = new SchoolRegister(this.db);
    const known = await knownSchools(register, open.map((school) => school.urn));
    const dependencies: ImportDependencies = { crm, register, now, source, adopt: (establishment) => this.adoptable(establishment, register) };
    await eachAtMost(TESSITURA_CONCURRENCY, open, async (establishment) => {
      this.summary[await importEstablishment(establishment, known, { ...dependencies, created: (id) => this.claimed.add(id) })]++;
      this.options.schoolWritten?.();
    });
    const closed = await inTransaction(this.db, (trx) => new SchoolRegister(trx).close(notOpen, now));
    this.summary.closed += closed;
    this.summary.notOpen += notOpen.length - closed;
  }

  /**
   * An organisation in Tessitura with the school's name and an address at its
   * postcode that the register does not know (open or closed) and that this
   * import has not just created or adopted: the one an interrupted import made.
   */
  private async adoptable(establishment: Establishment, register: SchoolRegister): Promise<number | undefined> {
    const { crm } = this.options;
    const candidates = (await crm.searchOrganisationsByPostcode(establishment.postcode)).map((found) => found.Id).filter((id) => !this.claimed.has(id));
    if (candidates.length === 0) return undefined;
    const registered = await register.urnsAndPostcodes(candidates);
    const name = establishment.name.trim().toLowerCase();
    for (const id of candidates) {
      if (registered.has(id)) continue;
      const detail = await crm.constituentDetail(id);
      const named = detail && [detail.DisplayName, detail.SortName].some((candidate) => candidate.trim().toLowerCase() === name);
      // Checked and claimed with no await between: two workers never adopt the same organisation.
      if (named && !this.claimed.has(id)) {
        this.claimed.add(id);
        return id;
      }
    }
    return undefined;
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

/**
 * Runs `work` on each item, at most `limit` at once. After a failure no
 * further item starts; those under way finish, then the failure is thrown.
 */
async function eachAtMost<T>(limit: number, items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
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
