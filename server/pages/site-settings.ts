import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema";

export interface NavLink {
  label: string;
  href: string;
}

export interface SiteSettings {
  name: string;
  tagline: string;
  nav: NavLink[];
  footerNav: NavLink[];
}

/** What an unseeded database shows: a working layout with no links. */
export const FALLBACK_SITE_SETTINGS: SiteSettings = { name: "Our website", tagline: "", nav: [], footerNav: [] };

const navSchema = z.array(z.object({ label: z.string(), href: z.string() }));
const settingSchemas = {
  name: z.string(),
  tagline: z.string(),
  nav: navSchema,
  footerNav: navSchema,
} satisfies Record<keyof SiteSettings, z.ZodType>;

/*
 * Every page needs these, so they are kept for a few seconds per database.
 * That is short enough that a second process (or a reseed elsewhere) is
 * seen almost at once; a seed in this process clears it straight away.
 */
const CACHE_MILLISECONDS = 5_000;
const cache = new WeakMap<object, { expiresAt: number; settings: Promise<SiteSettings> }>();

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
  const settings = readSiteSettings(db);
  cache.set(db, { expiresAt: now + CACHE_MILLISECONDS, settings });
  // A failed read is not kept: the next page tries again.
  settings.catch(() => cache.delete(db));
  return settings;
}

/** Called after a seed changes the settings, so this process shows them at once. */
export function forgetSiteSettings(db: Kysely<Database>): void {
  cache.delete(db);
}
