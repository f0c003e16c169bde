/**
 * Every problem found in a content directory, each naming the file, the
 * record and the field, e.g.
 * `fixtures/content/events.yaml: record 12 ("hamlet"): runs[0].times[0]: expected HH:MM`.
 */
export class FixtureValidationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(formatProblems(problems));
    this.name = "FixtureValidationError";
  }
}

const MAX_LISTED_PROBLEMS = 25;

function formatProblems(problems: readonly string[]): string {
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
  const more = problems.length - listed.length;
  const heading = `The content has ${problems.length} problem${problems.length === 1 ? "" : "s"}. Fix ${problems.length === 1 ? "it" : "them"} and run the seed again:`;
  return [heading, ...listed.map((problem) => `  ${problem}`), ...(more > 0 ? [`  ...and ${more} more`] : [])].join(
    "\n",
  );
}

/** ["runs", 0, "times", 1] -> "runs[0].times[1]". */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${key}]`;
    return text === "" ? String(key) : `${text}.${String(key)}`;
  }, "");
}

/** Records are numbered from 1, as an editor counts them, and named by slug, email or title when they have one. */
export function describeRecord(index: number, record: unknown): string {
  const number = `record ${index + 1}`;
  if (typeof record !== "object" || record === null) return number;
  const fields = record as Record<string, unknown>;
  const name = [fields.slug, fields.email, fields.title].find((value) => typeof value === "string" && value !== "");
  return name === undefined ? number : `${number} (${JSON.stringify(name)})`;
}

/** zod says "expected string, received undefined" for a missing field; an editor reads "required". */
export function describeIssueMessage(message: string): string {
  return /received undefined$/.test(message) ? "required" : message;
}

export function problem(...parts: string[]): string {
  return parts.filter((part) => part !== "").join(": ");
}
