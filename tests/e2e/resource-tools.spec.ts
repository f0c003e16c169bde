import { expect, test, type Page } from "@playwright/test";
import { signInThroughApi, validMember, widgetMounted } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";

/*
 * Issue 13's journeys on a resource page: a member's notes (with the draft
 * kept on the device), share links (a student link opened by someone who is
 * not signed in, copying, revoking) and the tools panel at both widths.
 * Each journey uses a resource of its own, so parallel workers signed in as
 * the same demo member never touch the same note or link.
 */

const notesResource = "/resources/our-countrys-good-writing-in-role-ks5/";
const studentResource = "/resources/a-midsummer-nights-dream-hot-seating-ks2/";
const copyResource = "/resources/a-midsummer-nights-dream-set-design-ks2/";
const panelResource = "/resources/the-tempest-close-reading-ks3/";
const typedEarlyResource = "/resources/macbeth-writing-in-role-ks3/";

const firstNote = (page: Page) => page.locator('[data-widget="teacher-note"]').first();

async function csrfToken(page: Page): Promise<string> {
  return (await page.locator('meta[name="csrf-token"]').getAttribute("content")) ?? "";
}

/** Starts the journey from no note: a retry after a failure may find the one it saved. */
async function deleteNoteIfAny(page: Page, activityId: string): Promise<void> {
  const response = await page.request.delete(`/resources/notes/${activityId}/delete/`, {
    headers: { "X-CSRFToken": await csrfToken(page), "X-Requested-With": "XMLHttpRequest" },
  });
  expect([200, 404]).toContain(response.status());
}

async function openAsMember(page: Page, path: string): Promise<void> {
  await signInThroughApi(page, validMember);
  await page.goto(path);
}

async function openShareDialog(page: Page) {
  await widgetMounted(page, "share-dialog");
  await page.getByRole("button", { name: /^Share “/ }).click();
  const dialog = page.getByRole("dialog", { name: "Share this resource" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The dialog's link for that type: the page's own, or a new one. */
async function linkFor(dialog: ReturnType<Page["getByRole"]>, type: "Students" | "Colleagues who are members"): Promise<string> {
  await dialog.getByRole("radio", { name: type }).check();
  const label = type === "Students" ? "Link for students" : "Link for colleagues";
  const create = dialog.getByRole("button", { name: "Create link" });
  if (await create.isVisible()) await create.click();
  const field = dialog.getByRole("textbox", { name: label });
  await expect(field).toHaveValue(/\/resources\/shared\/[A-Za-z0-9_-]{40,}\/$/);
  return field.inputValue();
}

test.describe("teacher notes", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a note typed, reloaded before saving, comes back as a draft; then saved, then deleted", async ({ page }) => {
    await openAsMember(page, notesResource);
    const note = firstNote(page);
    const activityId = (await note.getAttribute("data-activity-id")) ?? "";
    await deleteNoteIfAny(page, activityId);
    await page.reload();
    await note.scrollIntoViewIfNeeded();
    await expect(note).toHaveAttribute("data-widget-state", "mounted");

    const field = note.getByRole("textbox", { name: /^Your notes on/ });
    const text = "Start with the map of the colony.\nPairs write, then swap.";
    await field.fill(text);
    // The draft is on the device once typing pauses: wait for it there, not on a clock.
    await expect.poll(() => page.evaluate((id) => Object.keys(localStorage).some((key) => key.endsWith(`:${id}`)), activityId)).toBe(true);

    await page.reload();
    await note.scrollIntoViewIfNeeded();
    await expect(note.getByText(/You have an unsaved draft from/)).toBeVisible();
    await note.getByRole("button", { name: "Restore draft" }).click();
    await expect(field).toHaveValue(text);

    await note.getByRole("button", { name: /^Save note/ }).click();
    await expect(note.getByText(/^Saved at /)).toBeVisible();
    await expect.poll(() => page.evaluate((id) => Object.keys(localStorage).some((key) => key.endsWith(`:${id}`)), activityId)).toBe(false);

    await page.reload();
    await note.scrollIntoViewIfNeeded();
    await expect(field).toHaveValue(text);
    await expect(note.getByText(/You have an unsaved draft/)).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The count in the tools panel followed the save without a reload.
    const notesCount = page.getByRole("link", { name: /^Your notes \(\d+\)$/ });
    const countAfterSave = await notesCount.textContent();
    // Delete asks first, by keyboard: focus starts on Keep note.
    await note.getByRole("button", { name: /^Delete note/ }).focus();
    await page.keyboard.press("Enter");
    await expect(note.getByRole("button", { name: "Keep note" })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(note.getByText("Note deleted.")).toBeVisible();
    const after = Number(/\((\d+)\)/.exec(countAfterSave ?? "")?.[1]) - 1;
    await expect(notesCount).toHaveText(`Your notes (${after})`);
    await page.reload();
    await expect(field).toHaveValue("");
  });

  test("typing into a note before its widget mounts: the saved note is exactly what was typed", async ({ page }) => {
    await openAsMember(page, typedEarlyResource);
    const note = firstNote(page);
    const activityId = (await note.getAttribute("data-activity-id")) ?? "";
    await deleteNoteIfAny(page, activityId);

    // Hold the note's chunk back, as a slow connection would, so the first keystrokes reach the server's textarea.
    let releaseChunk = () => {};
    const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
    await page.route(/\/teacher-note-[^/]+\.js$/, async (route) => {
      await chunkHeld;
      await route.continue();
    });
    await page.reload();
    const field = note.getByRole("textbox", { name: /^Your notes on/ });
    await field.click();
    await page.keyboard.type("Use the ", { delay: 20 });
    await expect(note).not.toHaveAttribute("data-widget-state", "mounted");

    // Let the chunk in and keep typing while the widget mounts, then after.
    const typing = page.keyboard.type("diary prompts, then swap ", { delay: 30 });
    releaseChunk();
    await typing;
    await expect(note).toHaveAttribute("data-widget-state", "mounted");
    await page.keyboard.type("diaries.", { delay: 20 });
    const typed = "Use the diary prompts, then swap diaries.";
    await expect(field).toHaveValue(typed);
    await expect(field).toBeFocused();

    const notesCount = page.getByRole("link", { name: /^Your notes \(\d+\)$/ });
    const before = Number(/\((\d+)\)/.exec((await notesCount.textContent()) ?? "")?.[1]);
    await note.getByRole("button", { name: /^Save note/ }).click();
    await expect(note.getByText(/^Saved at /)).toBeVisible();
    // The tools panel's count follows the first save, without a reload.
    await expect(notesCount).toHaveText(`Your notes (${before + 1})`);
    const stored = await page.request.get(`/resources/notes/${activityId}/`, { headers: { Accept: "application/json" } });
    expect(await stored.json()).toEqual({ content: typed });
    await deleteNoteIfAny(page, activityId);
  });

  test("a blank note is refused in the browser with the spec's message, and nothing is sent", async ({ page }) => {
    await openAsMember(page, notesResource);
    const note = firstNote(page);
    await note.scrollIntoViewIfNeeded();
    await expect(note).toHaveAttribute("data-widget-state", "mounted");
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/resources/notes/")) posted = true;
    });
    await note.getByRole("textbox", { name: /^Your notes on/ }).fill("   ");
    await note.getByRole("button", { name: /^Save note/ }).click();
    await expect(note.getByText("Note content cannot be empty.")).toBeVisible();
    expect(posted).toBe(false);
  });
});

test.describe("share links", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a student link opens for someone not signed in, with the teacher's note; revoked, it answers 410 saying so", async ({ page, browser }) => {
    await openAsMember(page, studentResource);
    const note = firstNote(page);
    const activityId = (await note.getAttribute("data-activity-id")) ?? "";
    const saved = await page.request.post(`/resources/notes/${activityId}/save/`, {
      headers: { "X-CSRFToken": await csrfToken(page), "X-Requested-With": "XMLHttpRequest" },
      data: { content: "Bottom answers in role <b>only</b>." },
    });
    expect(saved.status()).toBe(200);

    const dialog = await openShareDialog(page);
    await expect(dialog.getByText(/Student links go to your students/)).toBeVisible();
    await expect(dialog.getByText(/Teacher links are for members and colleagues only/)).toBeVisible();
    const link = await linkFor(dialog, "Students");
    await expectNoAxeViolations(page);

    // The same link again: generated once, then reused.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.reload();
    expect(await linkFor(await openShareDialog(page), "Students")).toBe(link);

    // A student on a phone.
    const student = await browser.newContext({ viewport: { width: 375, height: 800 } });
    try {
      const studentPage = await student.newPage();
      const opened = await studentPage.goto(link);
      expect(opened?.status()).toBe(200);
      await expect(studentPage.getByRole("heading", { level: 1 })).toContainText("hot-seating Bottom");
      // The note is text: its markup shows as typed, never as bold.
      await expect(studentPage.getByText("Bottom answers in role <b>only</b>.")).toBeVisible();
      await expect(studentPage.getByRole("button", { name: /^Save/ })).toHaveCount(0);
      // Print alone: shown at once, never behind a toggle.
      await expect(studentPage.getByRole("button", { name: "Print" })).toBeVisible();
      await expect(studentPage.getByRole("button", { name: "Show tools" })).toHaveCount(0);
      await expectNoAxeViolations(studentPage);

      const shareDialog = page.getByRole("dialog", { name: "Share this resource" });
      await shareDialog.getByRole("button", { name: "Revoke link" }).click();
      await shareDialog.getByRole("button", { name: "Yes, revoke link" }).click();
      await expect(page.getByText(/^Link revoked\./)).toBeVisible();
      const afterRevoke = await studentPage.goto(link);
      expect(afterRevoke?.status()).toBe(410);
      await expect(studentPage.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
      await expect(studentPage.getByText("This link no longer works. Ask your teacher for a new one.")).toBeVisible();
      await expectNoAxeViolations(studentPage);
      await studentPage.setViewportSize({ width: 1280, height: 900 });
      await expectNoAxeViolations(studentPage);
    } finally {
      await student.close();
    }
  });

  test("Copy puts the link on the clipboard and says so; a refused copy says to try again", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await openAsMember(page, copyResource);
    const dialog = await openShareDialog(page);
    const link = await linkFor(dialog, "Colleagues who are members");

    await dialog.getByRole("button", { name: "Copy link" }).click();
    await expect(dialog.getByText("Link copied to clipboard!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException("Denied", "NotAllowedError"));
    });
    await dialog.getByRole("button", { name: "Copy link" }).click();
    await expect(dialog.getByText("Failed to copy link. Please try again.")).toBeVisible();
  });

  test("a teacher link sends someone signed out to sign in first", async ({ page, browser }) => {
    await openAsMember(page, copyResource);
    const link = await linkFor(await openShareDialog(page), "Colleagues who are members");
    const colleague = await browser.newContext();
    try {
      const colleaguePage = await colleague.newPage();
      await colleaguePage.goto(link);
      await expect(colleaguePage).toHaveURL(/\/account\/login\/\?next=/);
    } finally {
      await colleague.close();
    }
  });
});

test.describe("the tools panel", () => {
  test("on a phone it is a disclosure, closed until its toggle opens it", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openAsMember(page, panelResource);
    await widgetMounted(page, "tools-panel");
    const toggle = page.getByRole("button", { name: "Show tools" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator(".tools-panel__body")).toBeHidden();

    await toggle.click();
    await expect(page.getByRole("button", { name: "Hide tools" })).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Share “/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Your notes \(\d+\)$/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("on a wide screen it is always open, with no toggle, and Print prints", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAsMember(page, panelResource);
    await widgetMounted(page, "tools-panel");
    await expect(page.locator(".tools-panel__toggle")).toBeHidden();
    await expect(page.locator(".tools-panel__body")).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole("button", { name: "Print" }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  });

  test("a visitor sees the summary and a prompt to sign in or join, not the activities", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(panelResource);
    await expect(page.getByRole("link", { name: /Sign in/ }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /Join/ }).first()).toBeVisible();
    await expect(page.locator('[data-widget="teacher-note"]')).toHaveCount(0);
    await expect(page.locator('[data-widget="tools-panel"]')).toHaveCount(0);
  });
});
