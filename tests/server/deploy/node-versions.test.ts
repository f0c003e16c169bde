import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../../../server/paths";

/*
 * Node 20 reached end of life in April 2026 (issue 24): package.json's
 * engines accept the current LTS, the README's Node versions table says which
 * lines are supported, and CI runs the Vitest suites on the current LTS
 * (.ci/run → scripts/test-on-node-lts.sh) as well as on the machine's Node.
 */

const CURRENT_LTS = 24;

const read = (path: string) => readFileSync(join(projectRoot, path), "utf8");

/** Whether a `^major.minor.patch || …` engines range accepts a version (the only form package.json uses). */
function accepts(range: string, version: string): boolean {
  const [major, minor, patch] = version.split(".").map(Number) as [number, number, number];
  return range.split("||").some((part) => {
    const match = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(part.trim());
    if (!match) throw new Error(`engines.node part "${part.trim()}" is not a ^x.y.z range`);
    const [wantMajor, wantMinor, wantPatch] = match.slice(1).map(Number) as [number, number, number];
    return major === wantMajor && (minor > wantMinor || (minor === wantMinor && patch >= wantPatch));
  });
}

describe("supported Node versions", () => {
  const engines = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;

  it("engines accepts the current LTS and the maintained lines, and nothing older than Node 20.19", () => {
    expect(accepts(engines, `${CURRENT_LTS}.0.0`)).toBe(true);
    expect(accepts(engines, "22.12.0")).toBe(true);
    expect(accepts(engines, "22.11.0")).toBe(false);
    expect(accepts(engines, "20.19.0")).toBe(true);
    expect(accepts(engines, "18.20.0")).toBe(false);
  });

  it("the README's Node versions table starts with the current LTS, and names each line engines accepts", () => {
    const readme = read("README.md");
    const heading = readme.indexOf("### Node versions\n");
    expect(heading).toBeGreaterThan(-1);
    const section = readme.slice(readme.indexOf("\n", heading) + 1);
    const table = section.slice(0, section.search(/^#/m));
    const rows = [...table.matchAll(/^\| (\d+)[^|]*\|/gm)].map((match) => Number(match[1]));
    expect(rows[0]).toBe(CURRENT_LTS);
    const majors = engines.split("||").map((part) => Number(/\^(\d+)/.exec(part)![1]));
    expect([...rows].sort()).toEqual([...majors].sort());
  });

  it("CI runs the suites on the current LTS too", () => {
    expect(read(".ci/run")).toMatch(/^bash scripts\/test-on-node-lts\.sh/m);
    expect(read("scripts/test-on-node-lts.sh")).toContain(`major="\${NODE_LTS:-${CURRENT_LTS}}"`);
  });
});
