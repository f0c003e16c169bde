import request from "supertest";
import { addPerson, inAYear, lastMonth } from "../accounts/support";
import { addSchool, crmOf, join } from "../memberships/support";
import { signedInBrowser } from "../my-account/support";
import { createTestApp, type TestApp } from "../support/test-app";
import { seedResourceFixtures } from "./resource-fixtures";

const page = "/resources/macbeth-freeze-frames/";
const body = "<p>Body of macbeth-freeze-frames.</p>";
const activityBody = "<p>About Warm up.</p>";

/** What every viewer sees: the address's page, its summary, picture, facts and a Save control. */
function expectSummary(html: string) {
  expect(html).toContain('<h1 class="resource-hero__title">Macbeth: freeze-frames</h1>');
  expect(html).toContain('<p class="resource-hero__lead">Summary of macbeth-freeze-frames.</p>');
  expect(html).toContain('class="resource-hero__image"');
  expect(html).toContain("<dd>14 minutes</dd>");
  expect(html).toContain('data-widget="save-resource"');
}

function promptOf(html: string) {
  const section = /<section class="resource-access[^"]*"[^>]*data-access="([\w-]+)">([\s\S]*?)<\/section>/.exec(html);
  if (!section) return undefined;
  const links = [...section[2]!.matchAll(/<a class="button[^"]*" href="([^"]+)">([^<]+)<\/a>/g)].map((match) => [match[2], match[1]!.replaceAll("&amp;", "&")]);
  return { kind: section[1], text: section[2]!, links };
}

describe("who sees the whole resource", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedResourceFixtures(t.database.db);
  });
  afterAll(() => t.close());

  const asMember = async (email: string) => (await (await signedInBrowser(t.app, email)).agent.get(page)).text;

  function expectWholePage(html: string) {
    expectSummary(html);
    expect(html).toContain(body);
    expect(html).toContain(activityBody);
    expect(html).not.toContain("resource-access");
    // Tools panel (with the Save control in it) and a note form under each of the three activities.
    expect(html).toContain('data-widget="tools-panel"');
    expect(html).not.toContain('class="resource-hero__save"');
    expect(html.match(/data-widget="save-resource"/g)).toHaveLength(1);
    expect(html.match(/data-widget="teacher-note"/g)).toHaveLength(3);
    expect(html).toContain('data-widget="share-dialog"');
    expect(html).toContain('href="/resources/macbeth-freeze-frames/share/"');
  }

  it("shows an individual member everything, with their notes", async () => {
    const id = await addPerson(t.database.db, { email: "individual@example.org", membershipExpiresAt: inAYear() });
    const activity = await t.database.db.selectFrom("resource_activities").select("id").where("resource_id", "=", 1).orderBy("position").executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    await t.database.db.insertInto("teacher_notes").values({ constituent_id: id, activity_id: activity.id, content: "<i>mine</i>", created_at: at, updated_at: at }).execute();
    const html = await asMember("individual@example.org");
    expectWholePage(html);
    expect(html).toContain(`data-user-key="${id}"`);
    expect(html).toContain("&lt;i&gt;mine&lt;/i&gt;</textarea>");
    expect(html).toContain('href="#resource-activities">Your notes (1)</a>');
    expect(html).toContain(`<input type="hidden" name="next" value="${page}#note-${activity.id}">`);
  });

  it("shows a school member everything", async () => {
    const crm = crmOf(t);
    const { schoolId } = await addSchool(t.database.db, crm, { name: "Member School", seats: 10 });
    const id = await addPerson(t.database.db, { email: "seat@member-school.example.org" });
    await join(crm, schoolId, id, "user");
    expectWholePage(await asMember("seat@member-school.example.org"));
  });

  it("shows a visitor the summary and a prompt to sign in or join", async () => {
    const response = await request(t.app).get(page);
    expect(response.status).toBe(200);
    expectSummary(response.text);
    expect(response.text).not.toContain(body);
    expect(response.text).not.toContain(activityBody);
    expect(response.text).not.toContain("About Freeze");
    expect(response.text).not.toContain('data-widget="teacher-note"');
    expect(response.text).not.toContain('data-widget="tools-panel"');
    const prompt = promptOf(response.text)!;
    expect(prompt.kind).toBe("signed-out");
    expect(prompt.text).toContain("Sign in or join to see the whole resource");
    expect(prompt.text).toContain("You are not signed in");
    expect(prompt.links).toEqual([
      ["Sign in", `/account/login/?next=${encodeURIComponent(page)}`],
      ["Join", "/account/register/"],
    ]);
    // A visitor's view still starts no session.
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("tells a signed-in person without a membership why, with Join", async () => {
    await addPerson(t.database.db, { email: "no-membership@example.org" });
    const html = await asMember("no-membership@example.org");
    expectSummary(html);
    expect(html).not.toContain(body);
    expect(html).not.toContain(activityBody);
    const prompt = promptOf(html)!;
    expect(prompt.kind).toBe("no-membership");
    expect(prompt.text).toContain("you have no membership, of your own or through a school");
    expect(prompt.links).toEqual([["Join", "/account/register/"]]);
  });

  it("tells a lapsed member when it ended, with a renew link", async () => {
    const ended = lastMonth();
    await addPerson(t.database.db, { email: "expired@example.org", membershipExpiresAt: ended });
    const html = await asMember("expired@example.org");
    expectSummary(html);
    expect(html).not.toContain(body);
    const prompt = promptOf(html)!;
    expect(prompt.kind).toBe("expired");
    const date = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" }).format(ended);
    expect(prompt.text).toContain(`Your membership ended on ${date}.`);
    expect(prompt.links).toEqual([["Renew your membership", `/account/register/?link-school=true&next=${encodeURIComponent(page)}`]]);
  });
});
