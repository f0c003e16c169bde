/*
 * The import rules of docs/architecture.md ("Import rules"), checked by
 * `npm run lint`. Each rule's comment says why it exists; the layers are drawn
 * in that file.
 */

/** Server modules that may know Express: the HTTP edge and the composition root. */
const expressAware = "^server/(http|routes|views|cache/http)/|^server/(app|services|main|start-up|logging)[.]ts$";

/**
 * Capabilities with a front door (their index.ts): from outside the folder, only
 * that file is imported. The list only grows (docs/architecture.md, "Import rules").
 */
const frontDoored = ["accounts", "audit", "crm", "events", "gallery", "memberships", "pages", "payments", "people", "privacy", "requests", "resources", "schools", "seo", "staff"].join("|");

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "widgets-not-to-server",
      comment: "The bundle must run on pages another backend rendered: widgets know only the markup and the HTTP contracts (contracts/).",
      severity: "error",
      from: { path: "^widgets/" },
      to: { path: "^server/" },
    },
    {
      name: "contracts-import-neither-side",
      comment: "contracts/ holds what the server and the widgets both use; importing either side would drag it into the other.",
      severity: "error",
      from: { path: "^contracts/" },
      to: { path: "^(server|widgets)/" },
    },
    {
      name: "contracts-only-zod",
      comment: "contracts/ runs in Node and in the browser: of packages, it uses zod alone.",
      severity: "error",
      from: { path: "^contracts/" },
      to: { path: "(^|/)node_modules/", pathNot: "(^|/)node_modules/zod/" },
    },
    {
      name: "contract-rules-without-zod",
      comment: "contracts/rules/ is what widgets import as code, so it stays plain TypeScript: no zod, no schemas.",
      severity: "error",
      from: { path: "^contracts/rules/" },
      to: { path: "(^|/)node_modules/zod/|^contracts/shapes/" },
    },
    {
      name: "widgets-take-shapes-as-types",
      comment: "contracts/shapes/ are zod schemas; a widget takes their inferred types only (import type), so the bundle carries no zod.",
      severity: "error",
      from: { path: "^widgets/" },
      to: { path: "^contracts/shapes/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "runtime-not-to-widget",
      comment: "The runtime mounts any widget through its definition; knowing one widget would make it that widget's.",
      severity: "error",
      from: { path: "^widgets/runtime/" },
      to: { path: "^widgets/", pathNot: "^widgets/(runtime|lib)/" },
    },
    {
      name: "widget-not-to-widget",
      comment: "Each widget is its own chunk and its own contract; what two widgets share goes in widgets/lib/.",
      severity: "error",
      // $1 is the importing widget's folder: a widget may import its own files.
      from: { path: "^widgets/([^/]+)/", pathNot: "^widgets/(runtime|lib)/" },
      to: { path: "^widgets/([^/]+)/", pathNot: ["^widgets/(runtime|lib)/", "^widgets/$1/"] },
    },
    {
      name: "domain-is-pure",
      comment: "Business rules stay testable and reusable without a database, a request or a framework.",
      severity: "error",
      from: { path: "^server/domain/" },
      to: { path: "^server/(db|http)/|(^|/)node_modules/(express|express-session|kysely)/" },
    },
    {
      name: "routes-not-to-db",
      comment: "A route parses, calls one feature service and renders; queries belong to the feature that owns the tables.",
      severity: "error",
      from: { path: "^server/routes/" },
      to: { path: "^server/db/|(^|/)node_modules/kysely/" },
    },
    {
      name: "features-not-to-express",
      comment: "Services return outcomes, so they work behind any edge (a job, a CLI, another framework) and test without a request.",
      severity: "error",
      from: { path: "^server/", pathNot: expressAware },
      to: { path: "^server/http/|(^|/)node_modules/(express|express-session)/" },
    },
    {
      name: "content-is-fixtures",
      comment: "server/content/ is demo data and its seeders: the running site reads its database, never the fixtures.",
      severity: "error",
      from: { path: "^server/", pathNot: "^server/content/|^server/(main|start-up)[.]ts$" },
      to: { path: "^server/content/" },
    },
    {
      name: "site-not-to-fixture-generators",
      comment: "fixtures/generators/ writes the demo fixtures and the bench's registers; the site and its seed read what they wrote, never the generators.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^fixtures/" },
    },
    {
      name: "db-knows-only-tables",
      comment:
        "server/db/ is the plumbing every capability stands on: it may know their tables' types (schema.ts), never their code, or a change to a feature reaches every query. What a feature needs on a connection it is given (createDatabase's onSqliteConnection).",
      severity: "error",
      from: { path: "^server/db/" },
      // server/paths.ts says where the repository's folders are (the migrations'); it is no feature.
      to: { pathNot: ["^server/db/", "(^|/)node_modules/", "^server/[^/]+/tables[.]ts$", "^server/paths[.]ts$"], dependencyTypesNot: ["core"] },
    },
    {
      name: "db-tables-type-only",
      comment: "A capability's tables.ts is read by db/ for its types alone; a value import would run feature code under db/.",
      severity: "error",
      from: { path: "^server/db/" },
      to: { path: "^server/[^/]+/tables[.]ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "front-door-only",
      comment:
        "A capability with an index.ts is reached only through it: what it exports is its contract, and its other files may change without touching another capability.",
      severity: "error",
      // $1 is the importer's top folder under server/: a capability imports its own files freely. db/schema.ts composes each
      // tables.ts (type-only, db-tables-type-only).
      from: { path: "^server/([^/]+)", pathNot: "^server/db/" },
      // The CRM's second door is its adapters, for the composition root alone (lint/crm-ownership.mjs says who).
      to: { path: `^server/(${frontDoored})/`, pathNot: ["^server/$1/", "^server/[^/]+/index[.]ts$", "^server/crm/adapters[.]ts$"] },
    },
    {
      name: "no-circular",
      comment: "A cycle (type-only imports included) means two modules are one; it hides the direction data flows.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports count: a cycle through types is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
