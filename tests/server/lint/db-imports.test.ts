import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../../server/paths";

/**
 * The rules "db-knows-only-tables" and "db-tables-type-only" of
 * .dependency-cruiser.cjs, run through dependency-cruiser's own API on a file
 * placed under server/db/, so the test fails if the rule stops catching a
 * feature import (or starts refusing a table type).
 */
async function violationsOf(source: string): Promise<Array<{ rule: string; to: string }>> {
  const file = path.join(projectRoot, "server", "db", `lint-probe-${process.pid}.ts`);
  const relative = path.relative(projectRoot, file).split(path.sep).join("/");
  writeFileSync(file, source);
  const cwd = process.cwd();
  process.chdir(projectRoot);
  try {
    const options = await extractDepcruiseOptions(path.join(projectRoot, ".dependency-cruiser.cjs"));
    const result = await cruise([relative], { ...options, validate: true }, undefined, {
      tsConfig: extractTSConfig(path.join(projectRoot, "tsconfig.json")),
    });
    const output = result.output as ICruiseResult;
    return output.summary.violations
      .filter((violation) => violation.from === relative)
      .map((violation) => ({ rule: violation.rule.name, to: violation.to }));
  } finally {
    process.chdir(cwd);
    rmSync(file, { force: true });
  }
}

describe("server/db imports", () => {
  it("refuses a feature module imported from server/db/", async () => {
    const violations = await violationsOf(
      'import { registerSqliteSearchFunctions } from "../search/sqlite-functions";\nexport const probe = registerSqliteSearchFunctions;\n',
    );
    expect(violations).toContainEqual({ rule: "db-knows-only-tables", to: "server/search/sqlite-functions.ts" });
  }, 60_000);

  it("refuses a value import of a capability's tables.ts", async () => {
    const violations = await violationsOf('import * as tables from "../events/tables";\nexport const probe = tables;\n');
    expect(violations).toContainEqual({ rule: "db-tables-type-only", to: "server/events/tables.ts" });
  }, 60_000);

  it("accepts table types, its own files, node's modules and packages", async () => {
    const violations = await violationsOf(
      [
        'import path from "node:path";',
        'import type { Kysely } from "kysely";',
        'import type { EventTables } from "../events/tables";',
        'import type { Database } from "./schema";',
        "export type Probe = [Kysely<Database>, EventTables, typeof path];",
        "",
      ].join("\n"),
    );
    expect(violations).toEqual([]);
  }, 60_000);
});
