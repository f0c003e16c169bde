import { depcruiseRulesBroken, eslintRulesBroken, type ProbeFiles } from "./lint-probe";

/*
 * Each lint rule of docs/architecture.md ("Import rules") fails on a file
 * that breaks it and passes a compliant sibling. A new rule is one line
 * below: its tool, its name, and the two sets of probe files.
 */

interface RuleCase {
  tool: "depcruise" | "eslint";
  /** The depcruise rule's name, or the ESLint rule id. */
  rule: string;
  /** What the case shows, for the test's name. */
  shows: string;
  violating: ProbeFiles;
  compliant: ProbeFiles;
}

const service = "server/memberships/__lint_probe__.ts";
const widget = "widgets/__lint_probe__/probe.ts";

const cases: RuleCase[] = [
  { tool: "eslint", rule: "no-restricted-imports", shows: "a service imports HttpError", violating: { [service]: `import { HttpError } from "../http/errors";\nexport const refusal = new HttpError(404, "Gone.");\n` }, compliant: { [service]: `import { refuse } from "../shared/refusal";\nexport const refusal = refuse("not-found", "Gone.");\n` } },
  { tool: "eslint", rule: "no-restricted-imports", shows: "a capability imports TooManyRequestsError", violating: { "server/payments/__lint_probe__.ts": `import { TooManyRequestsError } from "../http/errors";\nexport const limit = TooManyRequestsError;\n` }, compliant: { "server/routes/__lint_probe__.ts": `import { TooManyRequestsError } from "../http/errors";\nexport const limit = TooManyRequestsError;\n` } },
  { tool: "depcruise", rule: "features-not-to-express", shows: "a service imports server/http/", violating: { [service]: `import { httpErrorOf } from "../http/refusals";\nexport const probe = httpErrorOf;\n` }, compliant: { [service]: `import { refuse } from "../shared/refusal";\nexport const probe = refuse;\n` } },
  { tool: "depcruise", rule: "features-not-to-express", shows: "cache machinery outside cache/http/ imports Express", violating: { "server/cache/__lint_probe__.ts": `import type { Request } from "express";\nexport type Probe = Request;\n` }, compliant: { "server/cache/http/__lint_probe__.ts": `import type { Request } from "express";\nexport type Probe = Request;\n` } },
  { tool: "depcruise", rule: "widgets-not-to-server", shows: "a widget imports the server", violating: { [widget]: `import type { FieldErrors } from "../../server/shared/errors";\nexport type Probe = FieldErrors;\n` }, compliant: { [widget]: `import { debounce } from "../lib/debounce";\nexport const probe = debounce;\n` } },
  { tool: "depcruise", rule: "runtime-not-to-widget", shows: "the runtime imports a widget", violating: { "widgets/runtime/__lint_probe__.ts": `import { parse } from "../accordion/widget";\nexport const probe = parse;\n` }, compliant: { "widgets/runtime/__lint_probe__.ts": `import { debounce } from "../lib/debounce";\nexport const probe = debounce;\n` } },
  { tool: "depcruise", rule: "widget-not-to-widget", shows: "a widget imports another widget", violating: { [widget]: `import { parse } from "../accordion/widget";\nexport const probe = parse;\n` }, compliant: { [widget]: `import { debounce } from "../lib/debounce";\nexport const probe = debounce;\n` } },
  { tool: "depcruise", rule: "domain-is-pure", shows: "a domain rule imports the database", violating: { "server/domain/__lint_probe__.ts": `import { inTransaction } from "../db/transactions";\nexport const probe = inTransaction;\n` }, compliant: { "server/domain/__lint_probe__.ts": `import { normaliseEmail } from "./email";\nexport const probe = normaliseEmail;\n` } },
  { tool: "depcruise", rule: "routes-not-to-db", shows: "a route imports the database", violating: { "server/routes/__lint_probe__.ts": `import { inTransaction } from "../db/transactions";\nexport const probe = inTransaction;\n` }, compliant: { "server/routes/__lint_probe__.ts": `import { unlessRefused } from "../http/refusals";\nexport const probe = unlessRefused;\n` } },
  { tool: "depcruise", rule: "content-is-fixtures", shows: "a capability imports the fixtures", violating: { [service]: `import { DEMO_CONTENT_DIRECTORY } from "../content/seed";\nexport const probe = DEMO_CONTENT_DIRECTORY;\n` }, compliant: { "server/content/__lint_probe__.ts": `import { DEMO_CONTENT_DIRECTORY } from "./seed";\nexport const probe = DEMO_CONTENT_DIRECTORY;\n` } },
  { tool: "depcruise", rule: "site-not-to-fixture-generators", shows: "the seed imports a fixture generator", violating: { "server/content/__lint_probe__.ts": `import { generateResources } from "../../fixtures/generators/resources/generate-resources";\nexport const probe = generateResources;\n` }, compliant: { "server/content/__lint_probe__.ts": `import { DEMO_CONTENT_DIRECTORY } from "./seed";\nexport const probe = DEMO_CONTENT_DIRECTORY;\n` } },
  { tool: "depcruise", rule: "no-circular", shows: "two modules import each other", violating: { "server/shared/__lint_probe_a__.ts": `import { b } from "./__lint_probe_b__";\nexport const a = () => b;\n`, "server/shared/__lint_probe_b__.ts": `import { a } from "./__lint_probe_a__";\nexport const b = () => a;\n` }, compliant: { "server/shared/__lint_probe_a__.ts": `import { b } from "./__lint_probe_b__";\nexport const a = () => b;\n`, "server/shared/__lint_probe_b__.ts": `export const b = 1;\n` } },
];

const rulesBroken = (tool: RuleCase["tool"], files: ProbeFiles) => (tool === "eslint" ? eslintRulesBroken(files) : depcruiseRulesBroken(files));

describe("lint rules", () => {
  it.each(cases)("$tool $rule fails when $shows, and passes the compliant sibling", async ({ tool, rule, violating, compliant }) => {
    expect(await rulesBroken(tool, violating)).toContain(rule);
    expect(await rulesBroken(tool, compliant)).not.toContain(rule);
  });
});
