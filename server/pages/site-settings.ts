import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema";
import { isDatabaseUnavailable } from "../db/unavailable";

export interface NavLink {
  label: string;
  href: string;
}

/** Where the organisation is: the venues' address in events' structured data (docs/seo.md). */
export interface PostalAddress {
  street: string;
  town: string;
  postcode: string;
  /** ISO 3166-1 alpha-2, e.g. "GB". */
  country: string;
}

export interface SiteSettings {
  name: string;
  tagline: string;
  nav: NavLink[];
  footerNav: NavLink[];
  address: PostalAddress | null;
}

/** What an unseeded database shows: a working layout with no links. */
export const FALLBACK_SITE_SETTINGS: SiteSettings = { name: "Our website", tagline: "", nav: [], footerNav: [], address: null };

const navSchema = z.array(z.object({ label: z.string(), href: z.string() }));
const settingSchemas = {
  name: z.string(),
  tagline: z.string(),
  nav: navSchema,
  footerNav: navSchema,
  address: z.object({ street: z.string(), town: z.string(), postcode: z.string(), country: z.string() }).nullable(),
} satisfies Record<keyof SiteSettings, z.ZodType>;

/*
 * Every page needs these, so they are kept for a few seconds per database.
 * That is short enough that a second process (or a reseed elsewhere) is
 * seen almost at once; a seed in this process clears it straight away.
 */
const CACHE_MILLISECONDS = 5_000;
const cache = new WeakMap<object, { expiresAt: number; settings: Promise<SiteSettings> }>();
/** The last settings read, per database: the layout of the 503 page while the database is unreachable. */
const lastRead = new WeakMap<object, SiteSettings>();

async function readSiteSettings(db: Kysely<Database>): Promise<SiteSettings> {
  const rows = await db.selectFrom("site_settings").select(["key", "value_json"]).execute();
  const settings: SiteSettings = { ...FALLBACK_SITE_SETTINGS };
  for (const { key, value_json } of rows) {
    if (!(key in settingSchemas)) continue;
    const name = key as keyof SiteSettings;
    const parsed = settingSchemas[name].safeParse(JSON.parse(value_json));
    if (parsed.success) Object.assign(settings, { [name]: parsed.data });
  }
  return settings;
}

/** The organisation's name, tagline and navigation, for every page's layout. */
export function loadSiteSettings(db: Kysely<Database>, now: number = Date.now()): Promise<SiteSettings> {
  const cached = cache.get(db);
  if (cached && cached.expiresAt > now) return cached.settings;
  const settings = readSiteSettings(db).then(
    (read) => {
      lastRead.set(db, read);
      return read;
    },
    (error: unknown) => {
      // A failed read is not kept: the next page tries again.
      cache.delete(db);
      // The database is unreachable: the page itself then answers 503 (docs/faults.md), in the layout last seen.
      if (isDatabaseUnavailable(error)) return lastRead.get(db) ?? FALLBACK_SITE_SETTINGS;
      throw error;
    },
  );
  cache.set(db, { expiresAt: now + CACHE_MILLISECONDS, settings });
  return settings;
}

/** Called after a seed changes the settings, so this process shows them at once. */
export function forgetSiteSettings(db: Kysely<Database>): void {
  cache.delete(db);
}
