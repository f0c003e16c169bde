import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inExclusiveTransaction, inTransaction } from "../db/transactions";
import { projectRoot } from "../paths";
import { CRM_IDS, type CrmEnvironment, type CrmPort } from "../crm";
import { createSqlCrm } from "../crm/adapters";
import { EstablishmentFileError, importRegisterIntoEmbeddedCrm, isDemoUrn, parseGiasEstablishments, registerHoldsSchools, type ParsedEstablishments } from "../schools";
import { FixtureValidationError } from "./fixture-errors";
import { loadFixtures, type ContentFixtures } from "./load-fixtures";
import { londonDateOf } from "../shared/london-time";
import { hashFixturePasswords, seedAccounts } from "./seed-accounts";
import { seedEvents } from "./seed-events";
import { seedGalleries } from "./seed-gallery";
import { seedPages } from "./seed-pages";
import { seedPeople } from "./seed-people";
import { seedResources } from "./seed-resources";
import { seedSchools } from "./seed-schools";
import { seedSiteSettings } from "./seed-site";
import { forgetSiteSettings } from "../pages";

/** The demo organisation's content, loaded into an empty database on start. */
export const DEMO_CONTENT_DIRECTORY = path.join(projectRoot, "fixtures", "content");

export interface SeedOptions {
  /** The seeding moment: relative days count from its London date. */
  now?: Date;
  /** Which CRM id set membership level names resolve to. */
  crmEnvironment?: CrmEnvironment;
  /**
   * The site's CRM (CRM_PROVIDER, default "sql"). The demo's CRM records (its
   * accounts and their memberships, the demo register's schools, the demo
   * schools' domains, memberships and people) go into the embedded CRM when
   * that is the site's CRM. On Tessitura (docs/content.md, "Demo content on
   * Tessitura") only the demo register's schools and the demo schools' email
   * domains are written, through `tessitura`, and only when it is given (a
   * test Tessitura); no accounts, memberships nor roles.
   */
  crmProvider?: "sql" | "tessitura";
  /** The Tessitura port over a database handle (the seed's transaction), when the demo's schools may be written to it. */
  tessitura?: (db: Kysely<Database>) => CrmPort;
}

/** How many records of each kind the content held (each upserted, none duplicated). */
export interface SeedSummary {
  siteSettings: boolean;
  pages: number;
  events: number;
  eventInstances: number;
  resources: number;
  resourceActivities: number;
  accounts: number;
  memberships: number;
  people: number;
  galleries: number;
  galleryItems: number;
  /** Open schools from the directory's establishments.csv (0 without one). */
  schools: number;
}

/** The schools register file a content directory may hold (docs/schools.md). */
export const ESTABLISHMENTS_FILE = "establishments.csv";

/**
 * Upserts validated content in one transaction: a rerun updates records in
 * place (keyed by slug, resource id or email) and never duplicates them.
 * Records no longer in the content are left alone.
 */
export async function seedContent(db: Kysely<Database>, content: ContentFixtures, options: SeedOptions = {}): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  const seedingDate = londonDateOf(now);
  // No demo accounts on a site whose CRM is not the embedded one (SeedOptions.crmProvider).
  const accounts = (options.crmProvider ?? "sql") === "sql" ? (content.accounts ?? []) : [];
  // scrypt runs on libuv's thread pool, so hashing overlaps the other writes.
  const passwordHashes = hashFixturePasswords(accounts);
  // Awaited in the transaction; without this, a rollback before then would leave the rejection unhandled.
  passwordHashes.catch(() => undefined);
  // The caller's transaction when it has one (seedIfEmpty's), else one of its own.
  const summary = await inTransaction(db, async (transaction) => {
    if (content.site) await seedSiteSettings(transaction, content.site, now);
    if (content.pages) await seedPages(transaction, content.pages, now);
    const events = content.events ? await seedEvents(transaction, content.events, now, seedingDate) : { events: 0, eventInstances: 0 };
    const resources = content.resources
      ? await seedResources(transaction, content.resources, now, seedingDate)
      : { resources: 0, resourceActivities: 0 };
    const peoplePage = content.people ? await seedPeople(transaction, content.people, now) : { people: 0 };
    const galleries = content.galleries ? await seedGalleries(transaction, content.galleries, now) : { galleries: 0, galleryItems: 0 };
    // The CRM over this transaction: the people and their memberships commit with the rest, or not at all.
    const crm = createSqlCrm(transaction, CRM_IDS[options.crmEnvironment ?? "test"]);
    const people = await seedAccounts(transaction, crm, accounts, await passwordHashes, {
      now,
      seedingDate,
      crmEnvironment: options.crmEnvironment ?? "test",
    });
    return {
      siteSettings: content.site !== undefined,
      pages: content.pages?.length ?? 0,
      ...events,
      ...resources,
      ...people,
      ...peoplePage,
      ...galleries,
      schools: 0,
    };
  });
  forgetSiteSettings(db);
  return summary;
}

/** Validates a content directory (see docs/content.md), then seeds it. Nothing is written if any file is invalid. */
export async function seedFromDirectory(db: Kysely<Database>, directory: string, options: SeedOptions = {}): Promise<SeedSummary> {
  const content = await loadFixtures(directory);
  const schools = loadEstablishments(directory);
  const now = options.now ?? new Date();
  const crmEnvironment = options.crmEnvironment ?? "test";
  const summary = await seedContent(db, content, { ...options, now });
  const embedded = (options.crmProvider ?? "sql") === "sql";
  if (!embedded && !options.tessitura) return summary;
  // The seed is a composition root of its own: fixtures go into the embedded CRM, in the site's database, or Tessitura.
  const crm = embedded ? createSqlCrm(db, CRM_IDS[crmEnvironment]) : options.tessitura!(db);
  // The demo scope: only demo URNs are written or closed, so a real register beside it is never touched.
  if (schools) await importRegisterIntoEmbeddedCrm(db, schools.establishments, {
      crm,
      crmProvider: embedded ? "sql" : "tessitura",
      now,
      scope: "demo",
      source: "the demo's establishments.csv",
      notOpenUrns: schools.notOpenUrns,
    });
  // After the register and the accounts: the demo schools' domains, memberships and people refer to both.
  if (content.schools) {
    const source = path.relative(process.cwd(), path.join(directory, "schools.yaml")) || "schools.yaml";
    await seedSchools(db, crm, content.schools, { now, seedingDate: londonDateOf(now), crmEnvironment, source, domainsOnly: !embedded });
  }
  return { ...summary, schools: schools?.establishments.length ?? 0 };
}

/**
 * The directory's register file, if it has one; unlike `npm run schools:import`,
 * any bad row stops the seed, and so does a URN outside the demo range
 * (docs/schools.md, "Demo URNs"): the demo never writes a real school.
 */
function loadEstablishments(directory: string): ParsedEstablishments | undefined {
  const file = path.join(directory, ESTABLISHMENTS_FILE);
  if (!existsSync(file)) return undefined;
  const where = path.relative(process.cwd(), file) || file;
  try {
    const parsed = parseGiasEstablishments(readFileSync(file));
    if (parsed.problems.length > 0) throw new FixtureValidationError(parsed.problems.map((problem) => `${where}: line ${problem.line}: ${problem.message}`));
    const real = [...parsed.establishments.map((school) => school.urn), ...parsed.notOpenUrns].filter((urn) => !isDemoUrn(urn));
    if (real.length > 0) throw new FixtureValidationError([`${where}: URN ${real.slice(0, 5).join(", ")} is not a demo URN (9000000 to 9999999): the demo never writes a real school`]);
    return parsed;
  } catch (error) {
    if (error instanceof EstablishmentFileError) throw new FixtureValidationError([`${where}: ${error.message}`]);
    throw error;
  }
}

/**
 * Seeds the demo content when the database is empty: no pages and no schools
 * (a database holding only the imported register is not empty). Returns whether
 * it seeded. The check and the whole seed are one transaction that no other
 * process runs at the same time (inExclusiveTransaction), so processes that
 * start together on one empty database load the content once: the first
 * seeds, the others wait, then find pages and skip. (Without it each saw an
 * empty database and all but one failed on a duplicate key.)
 */
export async function seedIfEmpty(db: Kysely<Database>, options: SeedOptions = {}): Promise<boolean> {
  const seeded = await inExclusiveTransaction(db, "demo-content-seed", async (trx) => {
    const anyPage = await trx.selectFrom("pages").select("id").limit(1).executeTakeFirst();
    if (anyPage || (await registerHoldsSchools(trx))) return false;
    await seedFromDirectory(trx, DEMO_CONTENT_DIRECTORY, options);
    return true;
  });
  if (seeded) forgetSiteSettings(db);
  return seeded;
}
