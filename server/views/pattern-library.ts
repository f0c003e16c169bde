import { readdir } from "node:fs/promises";
import path from "node:path";

const patternFile = /^([a-z0-9][a-z0-9-]*)\.njk$/;

/** The pattern pages: every templates/pages/patterns/<name>.njk except the index, sorted. */
export async function listPatternNames(templatesDir: string): Promise<string[]> {
  const files = await readdir(path.join(templatesDir, "pages", "patterns"));
  return files
    .map((file) => patternFile.exec(file)?.[1])
    .filter((name): name is string => name !== undefined && name !== "index")
    .sort();
}
