import { copyFileSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CRM_IDS } from "../../../../server/crm/crm-ids";
import { createSqlCrm } from "../../../../server/crm/sql-crm";
import { createRegisterUploads } from "../../../../server/schools/register-uploads";
import { createTestDatabase, type TestDatabase } from "../../support/databases";

/*
 * The register upload tells the hosted index what it wrote and closed, once
 * the import has ended; an index that is down leaves the import done (issue 30).
 */

const fixture = new URL("../../../../fixtures/content/establishments.csv", import.meta.url);

function savedCopy(): { path: string; fileName: string; bytes: number } {
  const target = path.join(mkdtempSync(path.join(tmpdir(), "register-upload-")), "establishments.csv");
  copyFileSync(fixture, target);
  return { path: target, fileName: "establishments.csv", bytes: statSync(target).size };
}

describe("the register upload and the Algolia index", () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase("sqlite");
  });
  afterEach(() => database.dispose());

  it("pushes the changes since the import started, after it has ended", async () => {
    const started = new Date("2026-11-28T10:00:00.000Z");
    const pushed: Date[] = [];
    const uploads = createRegisterUploads({
      db: database.db,
      crm: createSqlCrm(database.db, CRM_IDS.test),
      clock: () => started,
      schoolIndex: { pushChangesSince: async (_db, since) => (pushed.push(since), { saved: 0, removed: 0 }) },
    });
    await uploads.start(savedCopy(), 1);
    await uploads.idle();
    expect(pushed).toEqual([started]);
    expect((await uploads.latest())?.status).toBe("done");
  });

  it("leaves the import done, and logs, when the index cannot be reached", async () => {
    const errors: string[] = [];
    const uploads = createRegisterUploads({
      db: database.db,
      crm: createSqlCrm(database.db, CRM_IDS.test),
      logger: { error: (_details, message) => errors.push(message) },
      schoolIndex: { pushChangesSince: () => Promise.reject(new Error("Unreachable hosts")) },
    });
    await uploads.start(savedCopy(), 1);
    await uploads.idle();
    expect((await uploads.latest())?.status).toBe("done");
    expect(errors).toEqual(["the school search index missed the register import: run npm run schools:reindex"]);
  });
});
