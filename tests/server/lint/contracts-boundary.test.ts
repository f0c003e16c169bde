import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type ICruiseResult, type IForbiddenRuleType } from "dependency-cruiser";

/*
 * The import rules around contracts/ (.dependency-cruiser.cjs; docs/architecture.md,
 * "Import rules"), each proven by feeding dependency-cruiser a small project
 * that breaks it, and one that keeps it. The probe projects live in a
 * temporary folder with the same top-level layout (contracts/, server/,
 * widgets/, node_modules/), so the real rules apply to them as written.
 */

const require = createRequire(import.meta.url);
const projectRules = require("../../../.dependency-cruiser.cjs") as { forbidden: IForbiddenRuleType[] };

let probeRoot: string;

beforeEach(() => {
  probeRoot = mkdtempSync(path.join(tmpdir(), "contracts-boundary-"));
  // Two packages to import: zod (allowed in contracts/) and another one.
  for (const name of ["zod", "left-pad"]) {
    writeProbeFile(`node_modules/${name}/package.json`, JSON.stringify({ name, main: "index.js" }));
    writeProbeFile(`node_modules/${name}/index.js`, "export const z = {};\n");
  }
  writeProbeFile("contracts/shapes/school.ts", 'import { z } from "zod";\nexport const schoolSchema = z;\nexport type School = { name: string };\n');
  writeProbeFile("contracts/rules/same-site.ts", "export const sameSitePath = (value: string): string => value;\n");
});

afterEach(() => rmSync(probeRoot, { recursive: true, force: true }));

function writeProbeFile(relativePath: string, text: string): void {
  const file = path.join(probeRoot, relativePath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** The names of the project's rules that the probe project breaks. */
async function brokenRules(): Promise<string[]> {
  const previous = process.cwd();
  process.chdir(probeRoot);
  try {
    const result = await cruise(
      ["contracts", "server", "widgets"].filter((folder) => existsSync(path.join(probeRoot, folder))),
      {
        ruleSet: { forbidden: projectRules.forbidden },
        validate: true,
        tsPreCompilationDeps: true,
        doNotFollow: { path: "node_modules" },
      },
      { extensions: [".ts", ".tsx", ".js"] },
    );
    const output = result.output as ICruiseResult;
    return [...new Set(output.summary.violations.map((violation) => violation.rule.name))].sort();
  } finally {
    process.chdir(previous);
  }
}

describe("the contracts/ import rules", () => {
  it("let the server import contracts, and a widget import rules as code and shapes as types", async () => {
    writeProbeFile("server/route.ts", 'import { schoolSchema } from "../contracts/shapes/school";\nimport { sameSitePath } from "../contracts/rules/same-site";\nexport const probe = [schoolSchema, sameSitePath];\n');
    writeProbeFile("widgets/login/parse.ts", 'import type { School } from "../../contracts/shapes/school";\nimport { sameSitePath } from "../../contracts/rules/same-site";\nexport const probe = (school: School) => sameSitePath(school.name);\n');
    expect(await brokenRules()).toEqual([]);
  });

  it("refuse contracts/ importing the server", async () => {
    writeProbeFile("server/domain/rule.ts", "export const rule = 1;\n");
    writeProbeFile("contracts/rules/leak.ts", 'import { rule } from "../../server/domain/rule";\nexport const leak = rule;\n');
    expect(await brokenRules()).toEqual(["contracts-import-neither-side"]);
  });

  it("refuse contracts/ importing the widgets", async () => {
    writeProbeFile("widgets/lib/options.ts", "export const option = 1;\n");
    writeProbeFile("contracts/rules/leak.ts", 'import { option } from "../../widgets/lib/options";\nexport const leak = option;\n');
    expect(await brokenRules()).toEqual(["contracts-import-neither-side"]);
  });

  it("refuse contracts/ importing a package other than zod", async () => {
    writeProbeFile("contracts/shapes/padded.ts", 'import { z } from "left-pad";\nexport const padded = z;\n');
    expect(await brokenRules()).toEqual(["contracts-only-zod"]);
  });

  it("refuse zod in contracts/rules/, which widgets import as code", async () => {
    writeProbeFile("contracts/rules/with-zod.ts", 'import { z } from "zod";\nexport const schema = z;\n');
    expect(await brokenRules()).toEqual(["contract-rules-without-zod"]);
  });

  it("refuse a widget importing a shape's schema as code (it would bundle zod)", async () => {
    writeProbeFile("widgets/login/parse.ts", 'import { schoolSchema } from "../../contracts/shapes/school";\nexport const probe = schoolSchema;\n');
    expect(await brokenRules()).toEqual(["widgets-take-shapes-as-types"]);
  });

  it("still refuse a widget importing the server", async () => {
    writeProbeFile("server/domain/rule.ts", "export const rule = 1;\n");
    writeProbeFile("widgets/login/parse.ts", 'import { rule } from "../../server/domain/rule";\nexport const probe = rule;\n');
    expect(await brokenRules()).toEqual(["widgets-not-to-server"]);
  });
});
