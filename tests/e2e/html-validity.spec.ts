import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, expect, type APIRequestContext } from "@playwright/test";
import { signInThroughApi } from "./support/accounts";
import { nuCheck } from "./support/nu-checker";
import { signedInVisitors, sitePages } from "./support/site-pages";

/*
 * Every page as the server sends it, signed out and signed in, through the
 * Nu HTML Checker in one run (issue 24): zero errors. The count per page is
 * printed, so a run's log is the report.
 */

test("the Nu HTML Checker finds no error on any page, signed out or signed in", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const dir = await mkdtemp(join(tmpdir(), "nu-check-"));
  const files = new Map<string, string>();
  const saveAll = async (client: APIRequestContext, who: string, paths: string[]) => {
    // Named before any is saved: each file's number is its place in the whole run.
    const named = paths.map((path, index) => ({ path, file: join(dir, `page-${files.size + index}.html`), name: `${who} ${path}` }));
    for (const { file, name } of named) files.set(file, name);
    await Promise.all(
      named.map(async ({ path, file }) => {
        const response = await client.get(path);
        // The 404 page is one of the pages; every other page answers 200.
        expect(response.status(), `${who} ${path}`).toBe(path === "/this-page-does-not-exist/" ? 404 : 200);
        await writeFile(file, await response.body());
      }),
    );
  };

  try {
    await saveAll(request, "signed out", sitePages);
    for (const visitor of signedInVisitors) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signInThroughApi(page, visitor.email);
      await saveAll(page.request, visitor.label, visitor.pages);
      await context.close();
    }

    const messages = await nuCheck([...files.keys()]);
    const errorsByPage = new Map<string, string[]>([...files.values()].map((name) => [name, []]));
    for (const message of messages) {
      const name = files.get(message.url.replace(/^file:/, "")) ?? message.url;
      errorsByPage.set(name, [...(errorsByPage.get(name) ?? []), `line ${message.lastLine ?? "?"}: ${message.message}`]);
    }
    // The report, in the run's output: errors per page.
    process.stdout.write(`Nu HTML Checker errors per page:\n${[...errorsByPage].map(([name, errors]) => `${String(errors.length).padStart(3)}  ${name}`).join("\n")}\n`);
    expect(Object.fromEntries([...errorsByPage].filter(([, errors]) => errors.length > 0))).toEqual({});
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
