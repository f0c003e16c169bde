import { builtinRules } from "eslint/use-at-your-own-risk";

/*
 * "Every record has one owner" for the CRM's records (docs/crm.md, "Who may
 * name the CRM's tables"), checked by `npm run lint`:
 * - crm-ownership/no-crm-tables: outside server/crm/, no Kysely call or
 *   `sql` template names a CRM table; features reach those records through
 *   the CRM port (server/crm/index.ts), so a Tessitura adapter sees every
 *   read and write.
 * - crm-ownership/adapter-only-at-composition-root: only the composition
 *   root builds an adapter (imports server/crm/sql-*.ts); features are given
 *   a CrmPort, and a unit of work is CrmPort.inTransaction, never an adapter
 *   built over a transaction by hand.
 * They are ESLint's own no-restricted-syntax and no-restricted-imports under
 * names of their own, so that another config object setting those two rules
 * for the same files cannot silently replace these selectors (in a flat
 * config, the last setting of a rule for a file wins).
 */

/** The embedded CRM's tables (server/crm/tables.ts, CrmTables). */
export const CRM_TABLES = [
  "constituents",
  "memberships",
  "addresses",
  "electronic_addresses",
  "constituent_attributes",
  "membership_benefits",
  "benefit_usages",
  "affiliations",
  "countries",
  "states",
  "tessitura_seat_benefits",
  "tessitura_seat_usages",
  "tessitura_membership_holders",
];

const tables = CRM_TABLES.join("|");
/** Kysely's methods whose string arguments name a table. */
const tableMethods = "selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|with";
const tableName = `/^(${tables})(\\s+as\\s+\\w+)?$/`;
const message = "CRM records belong to server/crm/: reach them through the CRM port (server/crm/index.ts), not by naming its tables (docs/crm.md).";

const noCrmTables = [
  { selector: `CallExpression[callee.property.name=/^(${tableMethods})$/] > Literal[value=${tableName}]`, message },
  { selector: `CallExpression[callee.property.name=/^(${tableMethods})$/] > ArrayExpression > Literal[value=${tableName}]`, message },
  { selector: `TaggedTemplateExpression[tag.name="sql"] TemplateElement[value.raw=/\\b(${tables})\\b/]`, message },
];

const adapterOnlyAtCompositionRoot = {
  patterns: [
    {
      regex: "(^|/)crm/(adapters|sql-[^/]+|circuit-breaking-crm)$",
      message: "Only the composition root (server/feature-services.ts, the seed, tests' set-up) builds a CRM adapter: take a CrmPort, and CrmPort.inTransaction for a unit of work.",
    },
  ],
};

/** One plugin object for both entries: ESLint accepts a plugin named twice only when it is the same object. */
const plugin = {
  rules: { "no-crm-tables": builtinRules.get("no-restricted-syntax"), "adapter-only-at-composition-root": builtinRules.get("no-restricted-imports") },
};

export const crmOwnership = [
  {
    files: ["server/**/*.ts"],
    // Migrations create and change the tables; server/crm/ owns them.
    ignores: ["server/crm/**", "server/db/migrations/**"],
    plugins: { "crm-ownership": plugin },
    rules: { "crm-ownership/no-crm-tables": ["error", ...noCrmTables] },
  },
  {
    files: ["server/**/*.ts"],
    // The composition roots: the site's services, and the commands that seed or import into the embedded CRM.
    ignores: ["server/crm/**", "server/feature-services.ts", "server/configured-crm.ts", "server/services.ts", "server/content/seed.ts", "server/schools/import-cli.ts"],
    plugins: { "crm-ownership": plugin },
    rules: { "crm-ownership/adapter-only-at-composition-root": ["error", adapterOnlyAtCompositionRoot] },
  },
];
