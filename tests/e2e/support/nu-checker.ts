import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { promisify } from "node:util";

/*
 * The Nu HTML Checker (the W3C's validator) from the vnu-jar package, run with
 * the machine's own Java (Debian's; `JAVA` overrides). The package's
 * postinstall, which downloads a Java of its own, is denied in package.json
 * (allowScripts): nothing is fetched at install time.
 */

export interface NuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

const vnuJar = join(dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")), "build/dist/vnu.jar");

/** Checks the files in one Java start (a start costs seconds; a page costs milliseconds). */
export async function nuCheck(files: string[]): Promise<NuMessage[]> {
  const java = process.env.JAVA ?? "java";
  // Exits 1 when it finds errors; the JSON report on stderr is the answer either way.
  const { stderr } = await promisify(execFile)(java, ["-jar", vnuJar, "--format", "json", "--errors-only", ...files], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stderr?: string; code?: unknown }) => {
    if (typeof error.stderr === "string" && error.stderr.trimStart().startsWith("{")) return { stderr: error.stderr };
    throw error;
  });
  return (JSON.parse(stderr) as { messages: NuMessage[] }).messages;
}
