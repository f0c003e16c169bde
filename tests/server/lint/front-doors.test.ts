import { describe, expect, it } from "vitest";
import { depcruiseRulesBroken, eslintRulesBroken } from "./lint-probe";

/*
 * The front-door rules (docs/architecture.md, "Import rules"): outside a
 * capability with an index.ts only that file is imported (depcruise
 * front-door-only), and outside resources, schools, requests and staff no query names their
 * tables (ESLint table-ownership/*, lint/table-ownership.mjs). Each fails on a
 * violation and passes its compliant sibling.
 */

// content/ (the fixtures) gets no front door of its own.
const outsider = "server/content/__lint_probe__.ts";

/** A capability with a front door, and one of its inner files with a value to import. */
const frontDoored = [
  { capability: "accounts", inner: "personal-data", name: "eraseAccount" },
  { capability: "memberships", inner: "lapsed-renewal", name: "renewalFor" },
  { capability: "schools", inner: "seats/school-seats", name: "leaveEverySchool" },
  { capability: "events", inner: "whats-on-page", name: "INSTANCES_API_PATH" },
  { capability: "gallery", inner: "gallery-service", name: "createGalleryService" },
  { capability: "pages", inner: "site-settings", name: "forgetSiteSettings" },
  { capability: "payments", inner: "sandbox-provider", name: "createSandboxProvider" },
  { capability: "people", inner: "people-service", name: "createPeopleService" },
  { capability: "privacy", inner: "personal-data-export", name: "personalDataFileName" },
  { capability: "audit", inner: "audit-log", name: "AUDIT_RETENTION_MONTHS" },
  { capability: "crm", inner: "crm-ids", name: "CRM_IDS" },
  { capability: "resources", inner: "saved-resources", name: "forgetSavedResources" },
  { capability: "schools", inner: "school-register", name: "SchoolRegister" },
  { capability: "seo", inner: "crawl-rules", name: "robotsTxt" },
  { capability: "staff", inner: "staff-roles", name: "roleAllows" },
  { capability: "requests", inner: "request-store", name: "eraseRequestsOf" },
  // Teacher notes and share links sit inside resources: their files are inner files too.
  { capability: "resources", inner: "share-links/share-links-store", name: "deleteShareLinksOf" },
  { capability: "resources", inner: "notes/note-queries", name: "deleteNotesOf" },
];

const importing = (from: string, name: string) => `import { ${name} } from "${from}";\nexport const probe = ${name};\n`;

// A cruise or the first lint loads the whole config: slow on a busy machine.
describe("front-door lint rules", { timeout: 120_000 }, () => {
  it.each(frontDoored)("front-door-only refuses an outside import of $capability/$inner, not of its index", async ({ capability, inner, name }) => {
    expect(await depcruiseRulesBroken({ [outsider]: importing(`../${capability}/${inner}`, name) })).toContain("front-door-only");
    expect(await depcruiseRulesBroken({ [outsider]: importing(`../${capability}`, name) })).not.toContain("front-door-only");
  });

  it("front-door-only lets a capability import its own files, and holds a route to the index too", async () => {
    expect(await depcruiseRulesBroken({ "server/resources/__lint_probe__.ts": importing("./saved-resources", "forgetSavedResources") })).toEqual([]);
    expect(await depcruiseRulesBroken({ "server/routes/__lint_probe__.ts": importing("../resources/share-links/share-link-request", "readShareLinkRequest") })).toContain("front-door-only");
  });

  it("front-door-only opens the CRM's adapters door (which only the composition root may use, lint/crm-ownership.mjs) and no other inner file", async () => {
    expect(await depcruiseRulesBroken({ "server/__lint_probe__.ts": importing("./crm/adapters", "createSqlCrm") })).not.toContain("front-door-only");
    expect(await depcruiseRulesBroken({ "server/__lint_probe__.ts": importing("./crm/sql-crm", "createSqlCrm") })).toContain("front-door-only");
  });

  const resourceQueries = [
    'import type { Kysely } from "kysely";',
    'import type { Database } from "../db/schema";',
    'export const slug = (db: Kysely<Database>) => db.selectFrom("resources").select("slug").executeTakeFirst();',
    'export const steps = (db: Kysely<Database>) => db.selectFrom("teacher_notes").innerJoin("resource_activities as activity", "activity.id", "teacher_notes.activity_id").selectAll().execute();',
    "",
  ].join("\n");

  it("table-ownership/resources refuses a query naming resources' tables outside server/resources/", async () => {
    expect(await eslintRulesBroken({ "server/privacy/__lint_probe__.ts": resourceQueries })).toContain("table-ownership/resources");
    const rawSql = 'import { sql } from "kysely";\nexport const titles = sql`select title from resources where id = ${1}`;\n';
    expect(await eslintRulesBroken({ "server/routes/__lint_probe__.ts": rawSql })).toContain("table-ownership/resources");
    // The content seed too: it writes resources' tables through seedResourceRecords.
    expect(await eslintRulesBroken({ "server/content/__lint_probe__.ts": resourceQueries })).toContain("table-ownership/resources");
    expect(await eslintRulesBroken({ "server/resources/__lint_probe__.ts": resourceQueries, "server/db/migrations/__lint_probe__.ts": resourceQueries })).not.toContain("table-ownership/resources");
  });

  it("table-ownership/schools refuses a query naming schools outside server/schools/", async () => {
    const schoolQuery = [
      'import type { Kysely } from "kysely";',
      'import type { Database } from "../db/schema";',
      'export const kind = (db: Kysely<Database>) => db.selectFrom("schools").select("kind").executeTakeFirst();',
      "",
    ].join("\n");
    expect(await eslintRulesBroken({ "server/memberships/__lint_probe__.ts": schoolQuery })).toContain("table-ownership/schools");
    expect(await eslintRulesBroken({ "server/schools/__lint_probe__.ts": schoolQuery, "server/db/migrations/__lint_probe__.ts": schoolQuery })).not.toContain("table-ownership/schools");
    // The word alone, as a label, is no query.
    expect(await eslintRulesBroken({ "server/content/__lint_probe__.ts": 'export const rows = [["schools", 2]];\n' })).not.toContain("table-ownership/schools");
  });

  it("table-ownership/staff refuses a query naming the staff's tables outside server/staff/", async () => {
    const staffQuery = [
      'import type { Kysely } from "kysely";',
      'import type { Database } from "../db/schema";',
      'export const roles = (db: Kysely<Database>) => db.selectFrom("staff_accounts").select("role").execute();',
      'export const codes = (db: Kysely<Database>) => db.deleteFrom("staff_recovery_codes").execute();',
      "",
    ].join("\n");
    expect(await eslintRulesBroken({ "server/audit/__lint_probe__.ts": staffQuery })).toContain("table-ownership/staff");
    expect(await eslintRulesBroken({ "server/routes/__lint_probe__.ts": 'import { sql } from "kysely";\nexport const q = sql`select email from staff_accounts`;\n' })).toContain("table-ownership/staff");
    expect(await eslintRulesBroken({ "server/staff/__lint_probe__.ts": staffQuery, "server/db/migrations/__lint_probe__.ts": staffQuery })).not.toContain("table-ownership/staff");
  });

  it("table-ownership/requests refuses a query naming requests' tables outside server/requests/", async () => {
    const requestQuery = [
      'import type { Kysely } from "kysely";',
      'import type { Database } from "../db/schema";',
      'export const waiting = (db: Kysely<Database>) => db.selectFrom("requests").innerJoin("request_answers", "request_answers.request_id", "requests.id").selectAll().execute();',
      "",
    ].join("\n");
    expect(await eslintRulesBroken({ "server/privacy/__lint_probe__.ts": requestQuery })).toContain("table-ownership/requests");
    expect(await eslintRulesBroken({ "server/requests/__lint_probe__.ts": requestQuery, "server/db/migrations/__lint_probe__.ts": requestQuery })).not.toContain("table-ownership/requests");
  });
});
