import { spawn } from "node:child_process";
import { projectRoot } from "../../../server/paths";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";

/*
 * Several processes starting at once on one empty, migrated database (npm
 * start on two machines, or twice after npm run migrate): each runs
 * seedIfEmpty on its own connection, released at the same moment. The
 * demo content is loaded exactly once, and no process fails (before the
 * lock, all but one stopped on `duplicate key … "schools_urn_key"`).
 */

interface SeedProcess {
  ready: Promise<void>;
  go(): void;
  done: Promise<{ code: number | null; output: string }>;
}

function startSeedProcess(databaseUrl: string): SeedProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/server/content/seed-once-process.ts"], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes("ready")) markReady();
  });
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<{ code: number | null; output: string }>((resolve) => child.on("close", (code) => resolve({ code, output })));
  void done.then(markReady);
  return { ready, go: () => child.stdin!.end("go\n"), done };
}

describe.each(databaseEngines)("seedIfEmpty from several processes at once on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  it("loads the demo content exactly once, and every process succeeds", async () => {
    const processes = [startSeedProcess(database.url), startSeedProcess(database.url), startSeedProcess(database.url)];
    await Promise.all(processes.map((each) => each.ready));
    for (const each of processes) each.go();
    const results = await Promise.all(processes.map((each) => each.done));

    for (const result of results) expect(result.code, result.output).toBe(0);
    const said = results.map((result) => result.output.trim().split("\n").at(-1)).sort();
    expect(said).toEqual(["seeded", "skipped", "skipped"]);

    const count = async (table: "pages" | "schools" | "constituents" | "events") =>
      Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    // The same counts as one seed of the demo content (tests/server/content/seed.test.ts).
    expect({ pages: await count("pages"), events: await count("events"), constituents: await count("constituents"), schools: await count("schools") }).toEqual({
      pages: 4,
      events: 64,
      constituents: 294,
      schools: 288,
    });
  }, 180_000);
});
