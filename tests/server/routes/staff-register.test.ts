import { giasFile, giasRow } from "../schools/register-file";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { enrolledStaff, formTokenOf, type EnrolledStaff } from "../staff/support";
import { REGISTER_IMPORT_STALLED_MESSAGE } from "../../../server/schools";

/*
 * The register upload (issue 28, docs/back-office.md "The register upload"),
 * through the real app: an owner uploads a register-shaped CSV from the page
 * (multipart, the CSRF token in the action's query string), the import runs
 * in the background with its progress on the page, and the summary follows;
 * a second upload while one runs is refused, as are other roles (403), a
 * missing token, and a file in neither encoding (the import fails, saying why).
 */

describe.each(databaseEngines)("the register upload on %s", (engine) => {
  let t: TestApp;
  let owner: EnrolledStaff;
  let finance: EnrolledStaff;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    owner = await enrolledStaff(t, "owner");
    finance = await enrolledStaff(t, "finance");
  });
  afterAll(() => t.close());

  const page = (staff: EnrolledStaff) => staff.agent.get("/staff/register/").set("Accept", "text/html");
  /** Posts the file as the page's form does, to its action (the token in the query string); staff who may not see the form use the header's. */
  const upload = async (staff: EnrolledStaff, file: Buffer | undefined, fileName = "edubasealldata20261101.csv") => {
    const shown = (await page(staff)).text;
    const action = /<form method="post" action="([^"]+)" enctype="multipart\/form-data"/.exec(shown)?.[1]?.replace(/&amp;/g, "&");
    const token = formTokenOf((await staff.agent.get("/staff/").set("Accept", "text/html")).text);
    const post = staff.agent.post(action ?? `/staff/register/?_csrf=${encodeURIComponent(token)}`).set("Accept", "text/html");
    return file ? post.attach("register", file, fileName) : post.field("note", "no file");
  };
  /** The page, once the import is no longer queued or running. */
  const settled = async () => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const shown = await page(owner);
      if (!shown.text.includes('http-equiv="refresh"')) return shown;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the import did not end");
  };
  const latestAudit = (event: string) =>
    t.database.db.selectFrom("audit_events").selectAll().where("event", "=", event).orderBy("id", "desc").executeTakeFirst();
  /** The import's end is audited just after its row says so (the page can show the result first): wait for that entry of this import. */
  const finishedAudit = async (importId: number) => {
    let entry: Awaited<ReturnType<typeof latestAudit>>;
    await vi.waitFor(
      async () => {
        entry = await latestAudit("register.import-finished");
        expect(entry && JSON.parse(entry.details).importId).toBe(importId);
      },
      { timeout: 5_000, interval: 20 },
    );
    return entry!;
  };
  const latestImportId = async () => Number((await t.database.db.selectFrom("register_imports").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id);

  it("imports an uploaded file in the background and shows its summary; each step is audited", async () => {
    const first = await page(owner);
    expect(first.status).toBe(200);
    expect(first.text).toContain('enctype="multipart/form-data"');
    const token = formTokenOf(first.text);
    expect(first.text).toContain(`action="/staff/register/?_csrf=${encodeURIComponent(token)}"`);
    expect(first.text).toContain('href="/staff/register/" aria-current="page"');

    const rows = [
      giasRow("150001", "Abbey Upload Primary"),
      giasRow("150002", "Beacon Upload Academy"),
      giasRow("150003", "Cedar Upload School", { "EstablishmentStatus (name)": "Closed" }),
      giasRow("", "No URN School"),
    ];
    const sent = await upload(owner, giasFile(rows));
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe("/staff/register/");

    const shown = await settled();
    expect(shown.text).toContain("The last import");
    expect(shown.text).toContain("edubasealldata20261101.csv");
    expect(shown.text).toMatch(/New schools<\/dt><dd class="staff-stats__value">2</);
    expect(shown.text).toMatch(/Rows refused<\/dt><dd class="staff-stats__value">1</);
    expect(shown.text).toContain("Windows-1252");
    const school = await t.database.db.selectFrom("schools").select("name").where("urn", "=", "150002").executeTakeFirst();
    expect(school?.name).toBe("Beacon Upload Academy");

    const row = await t.database.db.selectFrom("register_imports").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "done", active: null, file_name: "edubasealldata20261101.csv" });
    expect(Number(row.rows_read)).toBe(4);
    expect(Number(row.bytes_read)).toBe(Number(row.bytes));

    const started = await latestAudit("register.import-started");
    expect(started?.staff_actor_id).not.toBeNull();
    expect(JSON.parse(started!.details)).toMatchObject({ importId: Number(row.id), fileName: "edubasealldata20261101.csv" });
    const finished = await finishedAudit(Number(row.id));
    expect(finished.staff_actor_id).toBe(started?.staff_actor_id);
    expect(JSON.parse(finished.details)).toMatchObject({ importId: Number(row.id), status: "done", created: 2, problems: 1 });
  });

  it("refuses a second upload while an import runs, shows the progress bar meanwhile, and frees itself once a stopped import is stale", async () => {
    const now = new Date().toISOString();
    const { id } = await t.database.db
      .insertInto("register_imports")
      .values({ status: "running", active: 1, started_by: 1, file_name: "running.csv", bytes: 1000, rows_read: 120, bytes_read: 250, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();

    const shown = await page(owner);
    expect(shown.text).toContain('<meta http-equiv="refresh" content="2">');
    expect(shown.text).toMatch(/<progress id="import-progress" class="register-progress" max="100" value="25">/);
    expect(shown.text).not.toContain('enctype="multipart/form-data"');

    const refused = await upload(owner, giasFile([giasRow("150009", "Second Upload School")]));
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("An import is already running.");
    expect(await t.database.db.selectFrom("schools").select("name").where("urn", "=", "150009").executeTakeFirst()).toBeUndefined();

    // Its process stopped long ago: the page says so, and uploads work again.
    await t.database.db.updateTable("register_imports").set({ updated_at: new Date(Date.now() - 60 * 60_000).toISOString() }).where("id", "=", id).execute();
    const after = await page(owner);
    expect(after.text).not.toContain('http-equiv="refresh"');
    expect(after.text).toContain(REGISTER_IMPORT_STALLED_MESSAGE.replace(/'/g, "&#39;"));
    expect(after.text).toContain('enctype="multipart/form-data"');
  });

  it("reports a file in neither encoding, and a missing file, with what to do", async () => {
    const notText = Buffer.concat([Buffer.from('"URN","EstablishmentName"\r\n"1","A'), Buffer.from([0x81, 0x8d]), Buffer.from('"\r\n')]);
    expect((await upload(owner, notText, "strange.csv")).status).toBe(303);
    const shown = await settled();
    expect(shown.text).toContain("The import did not finish");
    expect(shown.text).toContain("neither UTF-8 nor Windows-1252");
    expect(shown.text).toContain("upload it again");
    expect((await finishedAudit(await latestImportId())).details).toContain('"status":"failed"');

    const empty = await upload(owner, undefined);
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Choose the establishment CSV file to upload");
  });

  it("is for owners alone (403 to finance, no link in their navigation), and needs the CSRF token", async () => {
    expect((await page(finance)).status).toBe(403);
    expect((await upload(finance, giasFile([giasRow("150010", "Finance Upload School")]))).status).toBe(403);
    expect((await finance.agent.get("/staff/").set("Accept", "text/html")).text).not.toContain('href="/staff/register/"');
    expect((await owner.agent.get("/staff/").set("Accept", "text/html")).text).toContain('href="/staff/register/"');

    const noToken = await owner.agent.post("/staff/register/").set("Accept", "text/html").attach("register", giasFile([giasRow("150011", "Forged Upload School")]), "forged.csv");
    expect(noToken.status).toBe(403);
    // The query string carries the token for a multipart form only.
    const token = formTokenOf((await owner.agent.get("/staff/").set("Accept", "text/html")).text);
    const urlencoded = await owner.agent.post(`/staff/register/?_csrf=${encodeURIComponent(token)}`).type("form").set("Accept", "text/html").send({ note: "x" });
    expect(urlencoded.status).toBe(403);
    expect(await t.database.db.selectFrom("schools").select("name").where("urn", "=", "150011").executeTakeFirst()).toBeUndefined();
  });
});
