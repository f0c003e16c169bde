import { expect, type Page } from "@playwright/test";

/**
 * Opens the dev mailbox narrowed to one address (`?to=`), so a test finds its
 * own mail however many messages the other tests send meanwhile (the list
 * shows the newest 100). Reloads until at least `atLeast` messages to that
 * address are there, waiting on the outbox's state rather than on time.
 */
export async function openMailboxFor(page: Page, email: string, atLeast = 0): Promise<void> {
  const url = `/dev/mailbox/?to=${encodeURIComponent(email)}`;
  if (atLeast === 0) {
    await page.goto(url);
    return;
  }
  await expect(async () => {
    await page.goto(url);
    expect(await page.getByRole("row").filter({ hasText: email }).count()).toBeGreaterThanOrEqual(atLeast);
  }).toPass();
}
