import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parseDocument } from "yaml";
import { z } from "zod";
import { EVENT_TAXONOMIES } from "../events";
import { accountFixtureSchema, type AccountFixture } from "./fixture-schema/accounts";
import {
  eventFixtureSchema,
  eventTaxonomiesFixtureSchema,
  type EventFixture,
  type EventTaxonomiesFixture,
} from "./fixture-schema/events";
import { galleryFixtureSchema, type GalleryFixture } from "./fixture-schema/gallery";
import { pageFixtureSchema, type PageFixture } from "./fixture-schema/pages";
import { peopleTeamFixtureSchema, personFixtureSchema, type PeopleTeamFixture, type PersonFixture } from "./fixture-schema/people";
import {
  resourceFacetsFixtureSchema,
  resourceFixtureSchema,
  type ResourceFacetsFixture,
  type ResourceFixture,
} from "./fixture-schema/resources";
import { schoolFixtureSchema, type SchoolFixture } from "./fixture-schema/schools";
import { siteFixtureSchema, type SiteFixture } from "./fixture-schema/site";
import { describeIssueMessage, describeRecord, FixtureValidationError, formatFieldPath, problem } from "./fixture-errors";
import { findDuplicateKeys, findDuplicateTerms, findUnknownTerms, type Indexed } from "./fixture-references";
import { RESOURCE_FACETS } from "../domain/resource-taxonomy";

export interface EventsContent {
  taxonomies: EventTaxonomiesFixture;
  events: EventFixture[];
}

export interface ResourcesContent {
  facets: ResourceFacetsFixture;
  resources: ResourceFixture[];
}

export interface PeopleContent {
  teams: PeopleTeamFixture[];
  people: PersonFixture[];
}

/** A content directory, validated. A file left out of the directory leaves its part undefined. */
export interface ContentFixtures {
  site?: SiteFixture;
  pages?: PageFixture[];
  events?: EventsContent;
  resources?: ResourcesContent;
  accounts?: AccountFixture[];
  people?: PeopleContent;
  galleries?: GalleryFixture[];
  /** The demo schools' domains, memberships and roles (seeded after the register). */
  schools?: SchoolFixture[];
}

export const FIXTURE_FILES = [
  "site.yaml",
  "pages.yaml",
  "events.yaml",
  "resources.yaml",
  "accounts.yaml",
  "people.yaml",
  "gallery.yaml",
  "schools.yaml",
] as const;
type FixtureFile = (typeof FIXTURE_FILES)[number];

/** Collects every problem in a directory, so an editor fixes them all in one pass. */
class Validation {
  readonly problems: string[] = [];

  section<S extends z.ZodType>(source: string, at: string, value: unknown, schema: S): z.output<S> | undefined {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      this.problems.push(problem(source, formatFieldPath([...(at ? [at] : []), ...issue.path]), describeIssueMessage(issue.message)));
    }
    return undefined;
  }

  records<S extends z.ZodType>(source: string, records: unknown[], schema: S): Indexed<z.output<S>>[] {
    return records.flatMap((record, index) => {
      const result = schema.safeParse(record);
      if (result.success) return [{ index, value: result.data }];
      for (const issue of result.error.issues) {
        this.problems.push(problem(source, describeRecord(index, record), formatFieldPath(issue.path), describeIssueMessage(issue.message)));
      }
      return [];
    });
  }
}

const recordListSchema = z.array(z.unknown(), { error: "expected a list of records" });

function loadPages(source: string, document: unknown, validation: Validation): PageFixture[] | undefined {
  const file = validation.section(source, "", document, z.strictObject({ pages: recordListSchema }));
  if (!file) return undefined;
  const pages = validation.records(source, file.pages, pageFixtureSchema);
  validation.problems.push(...findDuplicateKeys(source, pages, "slug", (page) => page.slug));
  return pages.map((page) => page.value);
}

function loadEvents(source: string, document: unknown, validation: Validation): EventsContent | undefined {
  const file = validation.section(source, "", document, z.strictObject({ taxonomies: z.unknown(), events: recordListSchema }));
  if (!file) return undefined;
  const taxonomies = validation.section(source, "taxonomies", file.taxonomies, eventTaxonomiesFixtureSchema);
  const events = validation.records(source, file.events, eventFixtureSchema);
  validation.problems.push(...findDuplicateKeys(source, events, "slug", (event) => event.slug));
  if (!taxonomies) return undefined;
  validation.problems.push(...findDuplicateTerms(source, "taxonomies", taxonomies));
  validation.problems.push(
    ...findUnknownTerms(source, "taxonomies", events, taxonomies, (event, taxonomy) => {
      const slug = event[taxonomy as (typeof EVENT_TAXONOMIES)[number]];
      return slug === undefined ? [] : [slug];
    }),
  );
  return { taxonomies, events: events.map((event) => event.value) };
}

function loadResources(source: string, document: unknown, validation: Validation): ResourcesContent | undefined {
  const file = validation.section(source, "", document, z.strictObject({ facets: z.unknown(), resources: recordListSchema }));
  if (!file) return undefined;
  const facets = validation.section(source, "facets", file.facets, resourceFacetsFixtureSchema);
  const resources = validation.records(source, file.resources, resourceFixtureSchema);
  validation.problems.push(...findDuplicateKeys(source, resources, "id", (resource) => resource.id));
  validation.problems.push(...findDuplicateKeys(source, resources, "slug", (resource) => resource.slug));
  if (!facets) return undefined;
  validation.problems.push(...findDuplicateTerms(source, "facets", facets));
  validation.problems.push(
    ...findUnknownTerms(source, "facets", resources, facets, (resource, facet) => resource[facet as (typeof RESOURCE_FACETS)[number]]),
  );
  return { facets, resources: resources.map((resource) => resource.value) };
}

function loadAccounts(source: string, document: unknown, validation: Validation): AccountFixture[] | undefined {
  const file = validation.section(source, "", document, z.strictObject({ accounts: recordListSchema }));
  if (!file) return undefined;
  const accounts = validation.records(source, file.accounts, accountFixtureSchema);
  validation.problems.push(...findDuplicateKeys(source, accounts, "email", (account) => account.email));
  return accounts.map((account) => account.value);
}

function loadPeople(source: string, document: unknown, validation: Validation): PeopleContent | undefined {
  const file = validation.section(source, "", document, z.strictObject({ teams: recordListSchema, people: recordListSchema }));
  if (!file) return undefined;
  const teams = validation.records(source, file.teams, peopleTeamFixtureSchema);
  const people = validation.records(source, file.people, personFixtureSchema);
  validation.problems.push(...findDuplicateKeys(source, teams, "slug", (team) => team.slug));
  validation.problems.push(...findDuplicateKeys(source, people, "slug", (person) => person.slug));
  const teamList = { team: teams.map((team) => team.value) };
  validation.problems.push(...findUnknownTerms(source, "teams", people, teamList, (person) => [person.team]));
  return { teams: teams.map((team) => team.value), people: people.map((person) => person.value) };
}

function loadGalleries(source: string, document: unknown, validation: Validation): GalleryFixture[] | undefined {
  const file = validation.section(source, "", document, z.strictObject({ galleries: recordListSchema }));
  if (!file) return undefined;
  const galleries = validation.records(source, file.galleries, galleryFixtureSchema);
  validation.problems.push(...findDuplicateKeys(source, galleries, "slug", (gallery) => gallery.slug));
  return galleries.map((gallery) => gallery.value);
}

function loadSchools(source: string, document: unknown, validation: Validation): SchoolFixture[] | undefined {
  const file = validation.section(source, "", document, z.strictObject({ schools: recordListSchema }));
  if (!file) return undefined;
  const schools = validation.records(source, file.schools, schoolFixtureSchema);
  validation.problems.push(...findDuplicateKeys(source, schools, "name", (school) => school.name));
  return schools.map((school) => school.value);
}

function parseYaml(source: string, text: string, validation: Validation): { ok: boolean; value: unknown } {
  const document = parseDocument(text);
  for (const error of document.errors) {
    const firstLine = (error.message.split("\n")[0] ?? error.message).replace(/:$/, "");
    validation.problems.push(problem(source, firstLine));
  }
  return document.errors.length > 0 ? { ok: false, value: undefined } : { ok: true, value: document.toJS() };
}

async function listFixtureFiles(directory: string, validation: Validation): Promise<FixtureFile[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    throw new FixtureValidationError([`${directory}: no such content directory. Check the path passed with --dir.`]);
  }
  const known = new Set<string>(FIXTURE_FILES);
  for (const name of names.filter((name) => /\.(ya?ml|json)$/.test(name) && !known.has(name))) {
    validation.problems.push(problem(displayPath(directory, name), `not a content file; expected one of ${FIXTURE_FILES.join(", ")}`));
  }
  const present = FIXTURE_FILES.filter((name) => names.includes(name));
  if (present.length === 0) {
    throw new FixtureValidationError([`${directory}: no content files; expected one or more of ${FIXTURE_FILES.join(", ")}`]);
  }
  return present;
}

/** Relative to the working directory when inside it, as an editor would type it; absolute otherwise. */
function displayPath(directory: string, name: string): string {
  const file = path.join(directory, name);
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith("..") || path.isAbsolute(relative) ? file : relative;
}

/**
 * Reads and validates a content directory (see docs/content.md). Throws a
 * FixtureValidationError listing every problem, each naming file, record and field.
 */
export async function loadFixtures(directory: string): Promise<ContentFixtures> {
  const validation = new Validation();
  const content: ContentFixtures = {};
  for (const name of await listFixtureFiles(directory, validation)) {
    const source = displayPath(directory, name);
    const document = parseYaml(source, await readFile(path.join(directory, name), "utf8"), validation);
    if (!document.ok) continue;
    if (name === "site.yaml") content.site = validation.section(source, "", document.value, siteFixtureSchema);
    if (name === "pages.yaml") content.pages = loadPages(source, document.value, validation);
    if (name === "events.yaml") content.events = loadEvents(source, document.value, validation);
    if (name === "resources.yaml") content.resources = loadResources(source, document.value, validation);
    if (name === "accounts.yaml") content.accounts = loadAccounts(source, document.value, validation);
    if (name === "people.yaml") content.people = loadPeople(source, document.value, validation);
    if (name === "gallery.yaml") content.galleries = loadGalleries(source, document.value, validation);
    if (name === "schools.yaml") content.schools = loadSchools(source, document.value, validation);
  }
  if (validation.problems.length > 0) throw new FixtureValidationError(validation.problems);
  return content;
}
