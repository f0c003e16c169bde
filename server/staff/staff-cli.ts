/**
 * Makes a staff account and prints its enrolment link (docs/back-office.md):
 *
 *   npm run staff:create -- --email <address> --role <support|membership|finance|owner>
 *   npm run staff:create -- --email <address> --new-link     a new link for someone already on the staff
 *
 * The link works once, for 24 hours. Reads DATABASE_URL and PUBLIC_URL like
 * the server (and migrates first, as the other commands do).
 */
import { parseArgs } from "node:util";
import { createAuditLog } from "../audit";
import { printLines, runCommand, UsageError, withMigratedDatabase } from "../command-database";
import { loadConfig, readEnvironment } from "../config";
import { isRefusal } from "../shared/refusal";
import { createStaffByCommand } from "./staff-command";
import { ENROLMENT_LINK_LIFETIME_HOURS } from "./staff-records";

const USAGE = "Usage: npm run staff:create -- --email <address> --role <support|membership|finance|owner> [--new-link]";

/* Exit codes: 0 done, 1 failed (database), 2 the command was used wrongly or refused (UsageError). */

function readArguments(): { email: string; role: string; newLink: boolean } {
  let values;
  try {
    ({ values } = parseArgs({ options: { email: { type: "string" }, role: { type: "string" }, "new-link": { type: "boolean" } } }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. ${USAGE}`);
  }
  const newLink = values["new-link"] ?? false;
  if (values.email === undefined) throw new UsageError(`Say whose account with --email. ${USAGE}`);
  if (values.role === undefined && !newLink) throw new UsageError(`Say which role with --role. ${USAGE}`);
  // With --new-link alone the account's own role stays; "support" only satisfies the check for a new address.
  return { email: values.email, role: values.role ?? "support", newLink };
}

async function main(): Promise<number> {
  const request = readArguments();
  const config = loadConfig(readEnvironment());
  return withMigratedDatabase(config.databaseUrl, async (db) => {
    const result = await createStaffByCommand({ db, audit: createAuditLog(db), publicUrl: config.publicUrl }, request);
    if (isRefusal(result)) throw new UsageError(result.message);
    const what = result.created ? `Made a staff account for ${result.email} (${result.role}).` : `A new enrolment link for ${result.email} (${result.role}); earlier links no longer work.`;
    const lines = [
      what,
      `Send them this link. It works once, until ${result.link.expiresAt} (${ENROLMENT_LINK_LIFETIME_HOURS} hours):`,
      "",
      result.link.url,
    ];
    await printLines(lines);
    return 0;
  });
}

runCommand(main, (error) => `The staff:create command failed: ${error instanceof Error ? error.message : String(error)}`);
