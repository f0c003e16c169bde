import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Returns the secret stored in `filePath`, creating it (readable by the owner
 * only) on first use. The "wx" flag makes two processes starting together
 * agree on one secret instead of overwriting each other's.
 */
export function readOrCreateSessionSecret(filePath: string): string {
  const existing = readSecret(filePath);
  if (existing) return existing;
  mkdirSync(path.dirname(filePath), { recursive: true });
  try {
    writeFileSync(filePath, `${randomBytes(32).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const created = readSecret(filePath);
  if (!created) throw new Error(`Could not read the session secret from ${filePath}: delete the file and start again.`);
  return created;
}

function readSecret(filePath: string): string | undefined {
  try {
    return readFileSync(filePath, "utf8").trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
