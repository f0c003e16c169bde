import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { projectRoot } from "../../../server/paths";

/*
 * server/domain/ keeps the rules that two or more parts of the server share
 * (docs/architecture.md, "Where do I add X": a rule). A rule only one
 * capability uses lives inside that capability, so a reader finds it beside
 * the code it governs. This test fails when a domain module has fewer than
 * two users among server/'s top-level folders (a capability, routes/, http/).
 */

const serverDir = join(projectRoot, "server");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The top-level server folder (or root file) a module belongs to: "accounts", "routes", "app.ts". */
const ownerOf = (file: string) => relative(serverDir, file).split("/")[0]!;

describe("server/domain/", () => {
  const files = sourceFiles(serverDir);
  const domainModules = readdirSync(join(serverDir, "domain")).filter((name) => name.endsWith(".ts"));

  it.each(domainModules)("%s is used by two or more parts of the server", (module) => {
    const name = module.replace(/\.ts$/, "");
    const importsIt = new RegExp(`from ["'][./]*(?:\\.\\./)*domain/${name}["']`);
    const users = new Set(files.filter((file) => ownerOf(file) !== "domain" && importsIt.test(readFileSync(file, "utf8"))).map(ownerOf));
    // Through another domain module counts for that module's users: a shared rule built on this one.
    for (const other of files.filter((file) => ownerOf(file) === "domain" && new RegExp(`from ["']\\./${name}["']`).test(readFileSync(file, "utf8")))) {
      const otherName = relative(join(serverDir, "domain"), other).replace(/\.ts$/, "");
      const importsOther = new RegExp(`from ["'][./]*(?:\\.\\./)*domain/${otherName}["']`);
      for (const file of files) if (ownerOf(file) !== "domain" && importsOther.test(readFileSync(file, "utf8"))) users.add(ownerOf(file));
    }
    expect([...users].sort(), `${module} belongs inside its one user`).toHaveLength(Math.max(2, users.size));
  });
});
