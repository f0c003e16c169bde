import { builtinRules } from "eslint/use-at-your-own-risk";

/*
 * "A capability reads another's data only through its front door"
 * (docs/architecture.md, "Import rules"), checked by `npm run lint` for the
 * tables of the capabilities listed below: outside the owner's folder (and
 * the migrations, which create and change every table), no Kysely call or
 * `sql` template names them. One ESLint rule per owner, each ESLint's own
 * no-restricted-syntax under a name of its own, so that no other config
 * object setting no-restricted-syntax silently replaces these selectors (as
 * lint/crm-ownership.mjs does for the CRM's tables).
 */

/** Kysely's methods whose string arguments name a table. */
const tableMethods = "selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|with";

/** Owner folder -> its tables (the owner's tables.ts). */
export const TABLE_OWNERS = {
  resources: ["resources", "resource_facet_terms", "resource_facets", "resource_activities", "saved_resources", "teacher_notes", "share_links"],
  schools: ["schools", "closed_schools", "organisation_creators", "school_invites", "register_imports"],
  requests: ["requests", "request_answers"],
  payments: ["payment_orders", "payment_fulfilments", "payment_refunds"],
  staff: ["staff_accounts", "staff_enrolments", "staff_recovery_codes"],
  memberships: ["membership_reminders", "membership_reminder_opt_outs"],
};

function selectorsFor(owner, tables) {
  const names = tables.join("|");
  const tableName = `/^(${names})(\\s+as\\s+\\w+)?$/`;
  const message = `The ${owner} capability owns these tables: reach its data through server/${owner}/index.ts, not by naming them.`;
  return [
    { selector: `CallExpression[callee.property.name=/^(${tableMethods})$/] > Literal[value=${tableName}]`, message },
    { selector: `CallExpression[callee.property.name=/^(${tableMethods})$/] > ArrayExpression > Literal[value=${tableName}]`, message },
    { selector: `TaggedTemplateExpression[tag.name="sql"] TemplateElement[value.raw=/\\b(${names})\\b/]`, message },
  ];
}

/** One plugin object for every entry: ESLint accepts a plugin named twice only when it is the same object. */
const plugin = { rules: Object.fromEntries(Object.keys(TABLE_OWNERS).map((owner) => [owner, builtinRules.get("no-restricted-syntax")])) };

export const tableOwnership = Object.entries(TABLE_OWNERS).map(([owner, tables]) => ({
  files: ["server/**/*.ts"],
  ignores: [`server/${owner}/**`, "server/db/migrations/**"],
  plugins: { "table-ownership": plugin },
  rules: { [`table-ownership/${owner}`]: ["error", ...selectorsFor(owner, tables)] },
}));
